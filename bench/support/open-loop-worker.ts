// The open-loop load generator's own process (started by open-loop.ts): request i is sent at
// start + i / rate whatever the earlier ones are doing, as real users arrive, and its latency counts
// from that scheduled instant, so a slow answer delays nothing else and a queue is never hidden
// (no coordinated omission). Requests go to the next user in turn (its cookie and address, as
// bench/api/requests.lua does), over keep-alive connections opened as needed. The first `warmup`
// seconds are sent but not counted. Prints one JSON line of results; the servers' CPU time (their
// /proc entries) is read at the start and end of the counted part.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createHistogram } from "node:perf_hooks";
import { cpuSince, cpuSnapshot } from "./cpu";
import type { OpenLoopOptions, OpenLoopResult } from "./open-loop";

const options: OpenLoopOptions = JSON.parse(process.argv[2] ?? "{}");
const { url, rate, seconds, warmup, method, path, usersFile, serverPids, tag } = options;
const users = readFileSync(usersFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [cookie = "", address = ""] = line.split("\t");
    return { cookie, address };
  });
// An answer this late counts as an error and the run ends without it.
const DRAIN_MS = 30_000;

const base = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const latency = createHistogram();
const sendLag = createHistogram();
const statuses = new Map<string, number>();
const interval = 1000 / rate;
const warmupCount = Math.round(rate * warmup);
const total = warmupCount + Math.round(rate * seconds);
let sent = 0;
let answered = 0;
let counted = 0;
let cpuBefore: Map<number, number> | undefined;
let countStartedAt = 0;
let finish: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (finish = resolve));

function micros(ms: number): number {
  return Math.max(1, Math.round(ms * 1000));
}

function settle(index: number, scheduledAt: number, status: string): void {
  answered += 1;
  if (index >= warmupCount) {
    counted += 1;
    latency.record(micros(performance.now() - scheduledAt));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  if (answered === total) finish();
}

function fire(index: number, scheduledAt: number): void {
  if (index === warmupCount) {
    cpuBefore = cpuSnapshot(serverPids);
    countStartedAt = performance.now();
  }
  if (index >= warmupCount) sendLag.record(micros(performance.now() - scheduledAt));
  const user = users[index % users.length] ?? { cookie: "", address: "" };
  const headers: Record<string, string> = { "x-forwarded-for": user.address };
  if (user.cookie) headers.cookie = user.cookie;
  let body: string | undefined;
  if (method === "POST") {
    body = JSON.stringify({
      url: `https://bench.invalid/${tag}/${index}`,
      notes: "Saved by the benchmark",
      categories: ["Article", "Tools"],
    });
    Object.assign(headers, {
      origin: url,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
    });
  }
  const attempt = (retry: boolean) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => settle(index, scheduledAt, String(res.statusCode)));
      res.on("error", () => settle(index, scheduledAt, "network error"));
    });
    req.on("error", (error) => {
      // The server closed an idle keep-alive socket as this request went out on it: nothing reached
      // the server, and a browser sends it again on a new socket, as Node's documentation advises.
      // The latency still runs from the scheduled instant.
      if (retry && req.reusedSocket && "code" in error && error.code === "ECONNRESET") attempt(false);
      else settle(index, scheduledAt, `network error (${"code" in error ? String(error.code) : error.message})`);
    });
    req.end(body);
  };
  attempt(true);
}

const start = performance.now() + 20;
function tick(): void {
  const now = performance.now();
  for (let due = start + sent * interval; sent < total && due <= now; due = start + sent * interval) {
    fire(sent, due);
    sent += 1;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
setTimeout(tick, 20);

const drained = await Promise.race([
  finished.then(() => true),
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), (warmup + seconds) * 1000 + DRAIN_MS).unref()),
]);
const elapsed = (performance.now() - countStartedAt) / 1000;
const cpuMs = cpuBefore ? cpuSince(cpuBefore, serverPids) : 0;
const ok = [...statuses].reduce((sum, [status, count]) => sum + (status.startsWith("2") ? count : 0), 0);
const result: OpenLoopResult = {
  requests: counted,
  unanswered: total - answered,
  seconds: elapsed,
  errors: counted - ok + (drained ? 0 : total - answered),
  statuses: Object.fromEntries(statuses),
  p50Ms: latency.count ? latency.percentile(50) / 1000 : 0,
  p99Ms: latency.count ? latency.percentile(99) / 1000 : 0,
  maxMs: latency.count ? latency.max / 1000 : 0,
  sendLagP99Ms: sendLag.count ? sendLag.percentile(99) / 1000 : 0,
  cpuMs,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
agent.destroy();
process.exit(0);
