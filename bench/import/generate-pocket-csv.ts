import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { csvRow } from "@/lib/import/csv";
import { POCKET_COLUMNS } from "@/lib/import/pocket";

// Writes a Pocket-shaped CSV export of `rows` links: quoted commas and quotes in titles, unicode,
// empty and overflowing tag lists, archived rows, a bad row every 5,000, times spread over years.

const TAGS = ["news", "work", "python", "longreads", "日本語", "recipes", "Tutorial", "later"];
const TITLES = [
  "Designing systems, part %",
  'He said "hello" %',
  "Café crème % ☕",
  "日本語のタイトル %",
  "Plain title %",
];

export async function writePocketCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`\ufeff${csvRow(POCKET_COLUMNS)}`);
  const start = Date.parse("2016-01-01T00:00:00Z") / 1000;
  for (let i = 0; i < rows; i += 1) {
    const title = (TITLES[i % TITLES.length] ?? "").replace("%", String(i));
    const url = i % 5000 === 4999 ? "not a url" : `https://example.test/articles/${i}?ref=pocket&n=${i % 97}`;
    const tags = TAGS.slice(0, i % 6).join("|");
    await write(csvRow([title, url, String(start + i * 3000), String(i), tags, i % 3 === 0 ? "archive" : "unread"]));
  }
  out.end();
  await once(out, "finish");
}
