// Feed checking benchmark: N users follow 5 feeds each over N/2 distinct feed addresses (10
// subscribers an address), served by a local feed server in this process. For each N, a fresh
// PostgreSQL database is seeded and a checker process (bench/feeds/worker.ts) runs three check
// cycles, each until no feed is due:
//
//   first    every feed read for the first time: 200, 10 items; every subscription takes the newest 5
//   unchanged every feed due again, nothing new: the checker's If-None-Match gets 304 everywhere
//   new item every feed due again with one more item: 200; each subscription gets it once
//
// It prints, per cycle and N: requests the server answered (one per address is the target),
// the cycle's time and time per feed, the checker's CPU, its peak RSS and heap during the cycle, and
// what was delivered (exactly 5 per subscription, then 0, then 1: checked, the run fails otherwise).
// The figures should be flat in N per feed (time, CPU) and flat in N (memory).
//
//   npm run bench:feeds                              # 1,000 users, 500 feed addresses
//   npm run bench:feeds -- --users 250,500,1000      # flat in N?
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_URL } from "../support/temp-database";
import type { CycleFigures } from "./worker";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "1000" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});
const sizes = (values.users ?? "").split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 2)) throw new Error("--users takes whole numbers of 2 or more");

const ITEMS = 10;
let generation = 0;
const counts = { requests: 0, notModified: 0, full: 0 };

function rss(feed: number): string {
  const items = Array.from({ length: ITEMS + generation }, (_, i) => ITEMS + generation - 1 - i).map(
    (n) =>
      `<item><title>Feed ${feed} post ${n}</title><link>https://feed-${feed}.example/posts/${n}</link>` +
      `<guid>https://feed-${feed}.example/posts/${n}</guid>` +
      `<pubDate>${new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toUTCString()}</pubDate>` +
      `<description>Post ${n} of feed ${feed}, a paragraph long enough to look like a summary.</description></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed ${feed}</title>
<link>https://feed-${feed}.example/</link><description>Bench feed</description>${items.join("")}</channel></rss>`;
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://bench.invalid");
  if (url.pathname === "/__counts") {
    res.setHeader("content-type", "application/json").end(JSON.stringify(counts));
    return;
  }
  if (url.pathname === "/__generation") {
    generation = Number(url.searchParams.get("to"));
    res.end("ok");
    return;
  }
  const match = /^\/feeds\/(\d+)\.xml$/.exec(url.pathname);
  if (!match) {
    res.statusCode = 404;
    res.end();
    return;
  }
  counts.requests += 1;
  const etag = `"g${generation}-${match[1]}"`;
  if (req.headers["if-none-match"] === etag) {
    counts.notModified += 1;
    res.writeHead(304, { etag }).end();
    return;
  }
  counts.full += 1;
  res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag }).end(rss(Number(match[1])));
}

const server = createServer(answer);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

const here = path.dirname(process.argv[1] ?? "bench/feeds/run.ts");

function worker(users: number): Promise<CycleFigures[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, path.join(here, "worker.ts"), "--users", String(users), "--port", String(port)],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          UNFURL_ALLOWED_HOSTS: `127.0.0.1:${port}`,
          TEST_DATABASE_URL: values["admin-url"],
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`bench/feeds/worker.ts exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "[]"));
    });
  });
}

const rows: Record<string, string | number>[] = [];
try {
  for (const users of sizes) {
    generation = 0;
    for (const cycle of await worker(users)) {
      rows.push({
        users,
        feeds: cycle.feeds,
        cycle: cycle.name,
        requests: cycle.requests,
        "304s": cycle.notModified,
        s: Number((cycle.ms / 1000).toFixed(2)),
        "ms/feed": Number((cycle.ms / cycle.feeds).toFixed(1)),
        "cpu ms/feed": Number((cycle.cpuMs / cycle.feeds).toFixed(1)),
        "peak RSS MB": cycle.peakRssMb,
        "peak heap MB": cycle.peakHeapMb,
        delivered: cycle.delivered,
        links: cycle.links,
      });
    }
  }
} finally {
  server.close();
}
console.table(rows);
