// Import benchmark: generated Pocket CSVs of N links (default 50,000 and 500,000) uploaded to POST
// /api/import in this process, through the route handler the app serves, on a fresh PostgreSQL
// database (created and dropped here), each size by a user of its own. Prints rows/s, total seconds,
// peak RSS and heap growth, then imports each file again (every row a duplicate). Exits non-zero
// when a first import takes over 60 s per 50,000 rows, does not store every good row, or the
// process's peak RSS passes 400 MB (imports read in bounded memory: docs/decisions/0120).
//
//   npm run bench:import                      # 50,000 then 500,000 rows
//   npm run bench:import -- --rows 5000       # one size
//   npm run bench:import -- --rows 1000,20000
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { writePocketCsv } from "./generate-pocket-csv";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "50000,500000" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});
const sizes = values.rows.split(",").map(Number);
if (sizes.some((rows) => !Number.isInteger(rows) || rows < 1 || rows > 1_000_000))
  throw new Error("--rows must be integers from 1 to 1,000,000, separated by commas");
const SECONDS_PER_50K = 60;
const PEAK_RSS_LIMIT_MB = 400;
const ORIGIN = "http://localhost:3000";

/** The file as a web stream, read in the chunks the file system gives. */
function fileStream(name: string): ReadableStream<Uint8Array> {
  const chunks = createReadStream(name)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
}

/** The NDJSON lines of an answer, as they arrive. */
async function* lines(res: Response): AsyncGenerator<string> {
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    buffered += decoder.decode(next.value, { stream: true });
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const part of parts) if (part.trim()) yield part;
  }
  if (buffered.trim()) yield buffered;
}

type Line = {
  done?: boolean;
  processed?: number;
  imported?: number;
  skipped?: number;
  errors?: number;
  error?: string | null;
  problems?: unknown[];
};

async function main(): Promise<number> {
  return withTempDatabase(values["admin-url"], "linkstash_bench_import", async ({ dataDir }) => {
    process.env.APP_URL = ORIGIN;
    const { getDb } = await import("@/lib/db/client");
    const { SESSION_COOKIE } = await import("@/lib/auth/session");
    const { POST } = await import("@/app/api/import/route");
    const problems: string[] = [];

    for (const rows of sizes) {
      const file = path.join(dataDir, `part_${rows}.csv`);
      await writePocketCsv(file, rows);
      const bytes = statSync(file).size;
      const user = await getDb().user.create({ data: { email: `bench-import-${rows}@example.com`, onboarded: true } });
      const sessionToken = `bench-import-session-${rows}`;
      await getDb().session.create({
        data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) },
      });

      const upload = async () => {
        // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
        const init: RequestInit & { duplex: "half" } = {
          method: "POST",
          headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${sessionToken}`, "content-length": String(bytes) },
          body: fileStream(file),
          duplex: "half",
        };
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const rssBefore = process.memoryUsage().rss;
        let peakRss = rssBefore;
        let peakHeap = heapBefore;
        const sampler = setInterval(() => {
          const usage = process.memoryUsage();
          peakRss = Math.max(peakRss, usage.rss);
          peakHeap = Math.max(peakHeap, usage.heapUsed);
        }, 25);
        const started = performance.now();
        const res = await POST(new Request(`${ORIGIN}/api/import?filename=part_000000.csv`, init));
        // The answer is read line by line, as the browser does, never held whole.
        let progressLines = 0;
        let last = "";
        for await (const line of lines(res)) {
          progressLines += 1;
          last = line;
        }
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        const summary: Line = JSON.parse(last || "{}");
        return {
          status: res.status,
          seconds,
          summary,
          progressLines: progressLines - 1,
          rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
          peakRssMb: Math.round(peakRss / 1024 / 1024),
          heapGrowthMb: Math.round((peakHeap - heapBefore) / 1024 / 1024),
        };
      };

      const first = await upload();
      const stored = await getDb().link.count({ where: { userId: user.id } });
      const again = await upload();
      const badRows = Math.floor(rows / 5000);
      console.log(
        `Import of a ${rows.toLocaleString("en-US")}-row Pocket CSV (${(bytes / 1024 / 1024).toFixed(1)} MB) on PostgreSQL, in process through POST /api/import`,
      );
      const row = (run: string, result: typeof first) => {
        const { done: _done, problems: listed, ...summary } = result.summary;
        return {
          run,
          seconds: Number(result.seconds.toFixed(2)),
          rowsPerSecond: Math.round(rows / result.seconds),
          ...summary,
          progressLines: result.progressLines,
          rssBeforeMb: result.rssBeforeMb,
          peakRssMb: result.peakRssMb,
          heapGrowthMb: result.heapGrowthMb,
          problemsListed: listed?.length ?? 0,
        };
      };
      console.table([row("first", first), row("again", again)]);
      const limitSeconds = Math.max(SECONDS_PER_50K, (SECONDS_PER_50K * rows) / 50_000);
      const label = `${rows} rows:`;
      if (first.status !== 200) problems.push(`${label} status ${first.status}`);
      if (first.seconds > limitSeconds)
        problems.push(`${label} took ${first.seconds.toFixed(1)} s, over ${limitSeconds} s`);
      if (stored !== rows - badRows) problems.push(`${label} stored ${stored} links, expected ${rows - badRows}`);
      if (again.summary.imported !== 0) problems.push(`${label} the re-run imported ${again.summary.imported}`);
      for (const result of [first, again])
        if (result.peakRssMb > PEAK_RSS_LIMIT_MB)
          problems.push(`${label} peak RSS ${result.peakRssMb} MB, over ${PEAK_RSS_LIMIT_MB} MB`);
    }
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    return problems.length === 0 ? 0 : 1;
  });
}

process.exitCode = await main();
