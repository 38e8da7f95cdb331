// Import benchmark: a generated Pocket CSV of N links (default 50,000) uploaded to POST /api/import
// in this process, through the route handler the app serves, on a fresh PostgreSQL database (created
// and dropped here). Prints rows/s, total seconds, peak RSS and heap growth, then imports the file
// again (every row a duplicate). Exits non-zero when the first import takes over 60 s or does not
// store every good row.
//
//   npm run bench:import                      # 50,000 rows
//   npm run bench:import -- --rows 5000
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { writePocketCsv } from "./generate-pocket-csv";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "50000" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1 || rows > 1_000_000) throw new Error("--rows must be an integer from 1 to 1,000,000");
const LIMIT_SECONDS = 60;
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
    const file = path.join(dataDir, "part_000000.csv");
    await writePocketCsv(file, rows);
    const bytes = statSync(file).size;
    const { getDb } = await import("@/lib/db");
    const { SESSION_COOKIE } = await import("@/lib/session");
    const { POST } = await import("@/app/api/import/route");
    const user = await getDb().user.create({ data: { email: "bench-import@example.com", onboarded: true } });
    await getDb().session.create({
      data: { sessionToken: "bench-import-session", userId: user.id, expires: new Date(Date.now() + 86_400_000) },
    });

    const upload = async () => {
      // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
      const init: RequestInit & { duplex: "half" } = {
        method: "POST",
        headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=bench-import-session`, "content-length": String(bytes) },
        body: fileStream(file),
        duplex: "half",
      };
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakRss = process.memoryUsage().rss;
      let peakHeap = heapBefore;
      const sampler = setInterval(() => {
        const usage = process.memoryUsage();
        peakRss = Math.max(peakRss, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      }, 25);
      const started = performance.now();
      const res = await POST(new Request(`${ORIGIN}/api/import?filename=part_000000.csv`, init));
      const lines = (await res.text()).trim().split("\n");
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const summary: Line = JSON.parse(lines.at(-1) ?? "{}");
      return {
        status: res.status,
        seconds,
        summary,
        progressLines: lines.length - 1,
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
        peakRssMb: result.peakRssMb,
        heapGrowthMb: result.heapGrowthMb,
        problemsListed: listed?.length ?? 0,
      };
    };
    console.table([row("first", first), row("again", again)]);
    const problems: string[] = [];
    if (first.status !== 200) problems.push(`status ${first.status}`);
    if (first.seconds > LIMIT_SECONDS) problems.push(`took ${first.seconds.toFixed(1)} s, over ${LIMIT_SECONDS} s`);
    if (stored !== rows - badRows) problems.push(`stored ${stored} links, expected ${rows - badRows}`);
    if (again.summary.imported !== 0) problems.push(`the re-run imported ${again.summary.imported}`);
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    return problems.length === 0 ? 0 : 1;
  });
}

process.exitCode = await main();
