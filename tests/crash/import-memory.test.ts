// Hostile imports against the built app (`npx next build` first), uploaded one after another over
// HTTP: a 40 KB ZIP of 40 MB of ",\n" rows, a CSV of one 63 MB field, a bookmark file of 100,000
// nested folders, a 63 MB JSON export and a real-sized Pocket export (50,000 rows). Each must get a
// 2xx or a 4xx with a message; meanwhile the server keeps answering its liveness probe within a
// second, and its resident memory (VmRSS of the server process) grows by less than 300 MB. These
// bounds are what the import limits promise (decision 0120); before them, such files took 4.9 GB
// and 56 s. The files are generated here, into a temporary directory.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePocketCsv } from "@/bench/import/generate-pocket-csv";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { zipArchive } from "@/tests/support/zip-writer";

const MB = 1024 * 1024;
const RSS_GROWTH_LIMIT_MB = 300;
const PROBE_LIMIT_MS = 1000;
const POCKET_ROWS = 50_000;

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

async function writeInPieces(file: string, pieces: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const piece of pieces) if (!out.write(piece)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

function* repeated(head: string, unit: string, totalBytes: number, tail: string): Generator<string> {
  yield head;
  const piece = unit.repeat(Math.floor(MB / unit.length));
  for (let written = 0; written < totalBytes; written += piece.length) yield piece;
  yield tail;
}

/** A LinkStash JSON export of small links (the shape that costs JSON.parse the most), to ~63 MB. */
function* jsonExport(totalBytes: number): Generator<string> {
  yield '{"format":"linkstash","version":1,"exportedAt":"2026-11-22T00:00:00.000Z","links":[\n';
  let written = 0;
  for (let i = 0; written < totalBytes; i += 1) {
    // 2,000 distinct links, each repeated: the reading is what is measured, not 250,000 inserts.
    const link = JSON.stringify({
      url: `https://site.example/json/${i % 2000}`,
      title: `A link from a LinkStash export, number ${i}`,
      notes: i % 10 === 0 ? "Some notes about why this was saved." : null,
      categories: ["News", "Work"],
      createdAt: "2021-06-01T12:00:00.000Z",
      readAt: null,
    });
    const line = `${i === 0 ? "" : ",\n"}${link}`;
    written += line.length;
    yield line;
  }
  yield "\n]}\n";
}

/** The file as a web stream, read as it is sent. */
function fileStream(file: string): ReadableStream<Uint8Array> {
  const chunks = createReadStream(file, { highWaterMark: 64 * 1024 })[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
}

type Upload = {
  name: string;
  file: string;
  /** The status expected, and what its message or summary must say. */
  status: number;
  check: (body: { message?: string; summary?: Record<string, unknown> }) => void;
};

describe("imports against the built server stay in bounded memory and time", () => {
  let app: AppServer;
  let dataDir: string;
  let filesDir: string;
  let cookie: string;

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), "import-memory-data-"));
    filesDir = mkdtempSync(path.join(tmpdir(), "import-memory-files-"));
    app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir } });
    cookie = await signInOverHttp(app.url, "import-memory@example.com", "203.0.113.14");
  });

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });

  async function upload(name: string, file: string): Promise<{ status: number; text: string }> {
    // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { cookie, origin: app.url },
      body: fileStream(file),
      duplex: "half",
    };
    const res = await fetch(`${app.url}/api/import?filename=${encodeURIComponent(name)}`, init);
    return { status: res.status, text: await res.text() };
  }

  it("answers each hostile or huge upload with a 2xx or a 4xx and a message, stays up, responsive and small", async () => {
    const pocketCsv = path.join(filesDir, "part_000000.csv");
    await writePocketCsv(pocketCsv, POCKET_ROWS);
    const uploads: Upload[] = [
      {
        name: "pocket-bomb.zip",
        file: path.join(filesDir, "pocket-bomb.zip"),
        status: 422,
        check: ({ message }) => expect(message).toMatch(/compressed more than 100 to 1/),
      },
      {
        name: "part_000000.csv",
        file: path.join(filesDir, "one-field.csv"),
        status: 422,
        check: ({ message }) => expect(message).toMatch(/^Line 2 is longer than 1 MB/),
      },
      {
        name: "bookmarks.html",
        file: path.join(filesDir, "nested.html"),
        status: 422,
        check: ({ message }) => expect(message).toMatch(/nested more than 100 deep/),
      },
      {
        name: "linkstash.json",
        file: path.join(filesDir, "linkstash.json"),
        status: 200,
        check: ({ summary }) => expect(summary).toMatchObject({ done: true, imported: 2000, error: null }),
      },
      {
        name: "pocket-export.zip",
        file: path.join(filesDir, "pocket-export.zip"),
        status: 200,
        // The generated export has a bad row every 5,000; the warm-up import holds its first 20 links.
        check: ({ summary }) =>
          expect(summary).toMatchObject({
            done: true,
            imported: POCKET_ROWS - POCKET_ROWS / 5000 - 20,
            skipped: 20,
            error: null,
          }),
      },
    ];
    const [bomb, field, nested, json, pocket] = uploads.map((item) => item.file);
    writeFileSync(
      bomb ?? "",
      zipArchive([
        { name: "part_000000.csv", data: `title,url,time_added,cursor,tags,status\n${",\n".repeat(20 * MB)}` },
      ]),
    );
    expect(statSync(bomb ?? "").size).toBeLessThan(64 * 1024);
    await writeInPieces(
      field ?? "",
      repeated(
        'title,url,time_added,cursor,tags,status\n"',
        "x",
        63 * MB,
        '",https://site.example/,1600000000,1,,unread\n',
      ),
    );
    await writeInPieces(
      nested ?? "",
      repeated("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n", "<DL><p><DT><H3>f</H3>\n", 2.3 * MB, ""),
    );
    await writeInPieces(json ?? "", jsonExport(63 * MB));
    writeFileSync(pocket ?? "", zipArchive([{ name: "part_000000.csv", data: readFileSync(pocketCsv) }]));

    // The import code is loaded and warm before the baseline is read.
    const small = path.join(filesDir, "small.csv");
    await writePocketCsv(small, 20);
    expect((await upload("part_000000.csv", small)).status).toBe(200);
    const baseline = rssMb(app.pid);
    let peak = baseline;
    let slowestProbeMs = 0;

    for (const item of uploads) {
      let uploading = true;
      const sampler = (async () => {
        while (uploading) {
          peak = Math.max(peak, rssMb(app.pid));
          const started = performance.now();
          const probe = await fetch(`${app.url}/api/health/live`);
          expect(probe.status).toBe(200);
          await probe.arrayBuffer();
          slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const started = performance.now();
      const result = await upload(item.name, item.file).finally(() => (uploading = false));
      await sampler;
      peak = Math.max(peak, rssMb(app.pid));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `${item.name}: ${result.status} in ${seconds} s; RSS baseline ${Math.round(baseline)} MB, peak so far ${Math.round(peak)} MB; slowest probe so far ${Math.round(slowestProbeMs)} ms`,
      );
      expect(result.status, `${item.name}: ${result.text.slice(0, 300)}`).toBe(item.status);
      if (result.status >= 400) {
        const body: { message?: string } = JSON.parse(result.text);
        item.check(body);
      } else {
        const summary: Record<string, unknown> = JSON.parse(result.text.trim().split("\n").at(-1) ?? "{}");
        item.check({ summary });
      }
    }
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    expect(peak - baseline).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    expect(slowestProbeMs).toBeLessThan(PROBE_LIMIT_MS);
  }, 900_000);
});
