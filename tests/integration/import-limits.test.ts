import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { importLines, uploadRequest } from "@/tests/support/import-requests";
import { zipArchive } from "@/tests/support/zip-writer";

// Import limits (decisions 0120 and 0122): imports that would take the server's memory or time are
// refused with the limit they broke (lib/import/limits.ts), and CSV exports are safe to open in a
// spreadsheet yet import back exactly.

const MB = 1024 * 1024;
const POCKET_HEADER = "title,url,time_added,cursor,tags,status\n";
// Network-sized pieces: the bodies here run to megabytes.
const CHUNK = 64 * 1024;

const upload = (cookie: string, name: string, body: Uint8Array | string) =>
  importRoute(uploadRequest(cookie, name, body, {}, CHUNK));

async function refused(res: Response, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/json/);
  expect((await res.json()).message).toMatch(message);
}

async function summaryOf(res: Response) {
  expect(res.status).toBe(200);
  const summary = (await importLines(res)).at(-1);
  if (!summary?.done) throw new Error("no summary");
  return summary;
}

const countLinks = (userId: string) => getDb().link.count({ where: { userId } });
const pocketRow = (n: number) => `Title ${n},https://site.example/${n},1600000000,${n},,unread\n`;

describe("import limits", () => {
  it("refuses a small ZIP of millions of ',' rows for its compression ratio, before storing anything", async () => {
    const { user, cookie } = await signedInUser();
    const bomb = zipArchive([{ name: "part_000000.csv", data: POCKET_HEADER + ",\n".repeat(2 * MB) }]);
    expect(bomb.length).toBeLessThan(20 * 1024);
    await refused(
      await upload(cookie, "pocket.zip", bomb),
      422,
      /part_000000\.csv in the ZIP file is compressed more than 100 to 1/,
    );
    expect(await countLinks(user.id)).toBe(0);
  });

  it("refuses a ZIP of more than 1,000 files, and one whose entry inflates past the size it claims", async () => {
    const { user, cookie } = await signedInUser();
    const many = zipArchive(Array.from({ length: 1001 }, (_, i) => ({ name: `part_${i}.csv`, data: POCKET_HEADER })));
    await refused(await upload(cookie, "many.zip", many), 422, /holds 1,001 files; the limit is 1,000/);
    const lying = zipArchive([
      { name: "part_000000.csv", data: POCKET_HEADER + pocketRow(1).repeat(500), declaredSize: 200 },
    ]);
    await refused(await upload(cookie, "lying.zip", lying), 400, /damaged/);
    expect(await countLinks(user.id)).toBe(0);
  });

  it("refuses a bookmark file of 100,000 nested folders at the nesting limit", async () => {
    const { user, cookie } = await signedInUser();
    const nested = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n${"<DL><p><DT><H3>folder</H3>\n".repeat(100_000)}`;
    await refused(
      await upload(cookie, "bookmarks.html", nested),
      422,
      /Bookmark folders are nested more than 100 deep/,
    );
    expect(await countLinks(user.id)).toBe(0);
  });

  it("refuses a CSV whose one field runs to megabytes, naming the line and the limit", async () => {
    const { user, cookie } = await signedInUser();
    const csv = `${POCKET_HEADER}"${"x".repeat(4 * MB)}",https://site.example/,1600000000,1,,unread\n`;
    await refused(
      await upload(cookie, "part_000000.csv", csv),
      422,
      /^Line 2 is longer than 1 MB \(the limit for one field or row\)/,
    );
    expect(await countLinks(user.id)).toBe(0);
  });

  it("keeps what came before a limit broken mid-file, and says in the summary where it stopped", async () => {
    const { user, cookie } = await signedInUser();
    const good = Array.from({ length: 2500 }, (_, i) => pocketRow(i)).join("");
    const csv = `${POCKET_HEADER}${good}"an open quote${" and on".repeat(200_000)}`;
    const summary = await summaryOf(await upload(cookie, "part_000000.csv", csv));
    expect(summary).toMatchObject({
      imported: 2500,
      errors: 0,
      error: expect.stringMatching(/^Line 2502 is longer than 1 MB/),
    });
    expect(await countLinks(user.id)).toBe(2500);
  });

  it("refuses a JSON export whose link holds megabytes, or that nests 100,000 deep", async () => {
    const { user, cookie } = await signedInUser();
    const huge = JSON.stringify({
      format: "linkstash",
      links: [{ url: "https://site.example/", notes: "n".repeat(4 * MB) }],
    });
    // The string or the link it sits in, whichever the reader measures first.
    await refused(await upload(cookie, "export.json", huge), 422, /is longer than 1 MB/);
    const deep = `{"links":[${"[".repeat(100_000)}`;
    await refused(await upload(cookie, "export.json", deep), 422, /nests more than 16 levels deep/);
    expect(await countLinks(user.id)).toBe(0);
  });

  it("streams a JSON export link by link: every link stored, progress along the way", async () => {
    const { user, cookie } = await signedInUser();
    const links = Array.from({ length: 3000 }, (_, i) => ({
      url: `https://site.example/json/${i}`,
      title: `Link ${i}`,
      notes: null,
      categories: ["News"],
      createdAt: "2020-01-01T00:00:00.000Z",
      readAt: null,
    }));
    const res = await upload(cookie, "export.json", JSON.stringify({ format: "linkstash", version: 1, links }));
    const lines = await importLines(res);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)).toMatchObject({ done: true, format: "LinkStash JSON", imported: 3000, error: null });
    expect(await countLinks(user.id)).toBe(3000);
  });

  it("stops at 1,000,000 rows, the most one import reads", async () => {
    const { user, cookie } = await signedInUser();
    const csv = `${POCKET_HEADER}${",\n".repeat(1_000_001)}`;
    const summary = await summaryOf(await upload(cookie, "part_000000.csv", csv));
    expect(summary).toMatchObject({
      processed: 1_000_000,
      imported: 0,
      errors: 1_000_000,
      error: "The file holds more than 1,000,000 links; that is the limit for one import. Split it.",
    });
    expect(await countLinks(user.id)).toBe(0);
  });
});

describe("spreadsheet-safe CSV export", () => {
  it("prefixes cells a spreadsheet would run, and imports them back exactly", async () => {
    const owner = await signedInUser();
    const hostile = {
      url: "https://site.example/formula",
      title: '=HYPERLINK("https://evil.example","Click me")',
      notes: "+1 and more",
      category: "-draft",
      categories: ["-draft", "@home"],
      createdAt: new Date("2024-01-02T03:04:05.000Z"),
    };
    await getDb().link.createMany({
      data: [
        { userId: owner.user.id, ...hostile },
        {
          userId: owner.user.id,
          url: "https://site.example/tab",
          title: "\tTabbed",
          notes: "'=already quoted",
          createdAt: new Date("2024-01-01T00:00:00.000Z"),
        },
      ],
    });
    const res = await exportRoute(apiRequest("GET", "/api/export?format=csv", { cookie: owner.cookie }));
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Click me"")"`);
    expect(csv).toContain(",'+1 and more,'-draft|@home,");
    expect(csv).toContain(",'\tTabbed,''=already quoted,");
    for (const row of csv.split("\r\n").slice(1))
      for (const cell of row.split(",")) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const other = await signedInUser();
    expect(await summaryOf(await upload(other.cookie, "linkstash.csv", csv))).toMatchObject({ imported: 2, errors: 0 });
    const imported = await getDb().link.findMany({ where: { userId: other.user.id }, orderBy: { url: "asc" } });
    expect(imported.map(({ url, title, notes, categories }) => ({ url, title, notes, categories }))).toEqual([
      { url: hostile.url, title: hostile.title, notes: hostile.notes, categories: hostile.categories },
      { url: "https://site.example/tab", title: "Tabbed", notes: "'=already quoted", categories: ["Uncategorized"] },
    ]);
  });
});
