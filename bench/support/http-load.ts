// The load generator shared by the API benchmarks: node:http with keep-alive connections, closed
// loop (each connection sends its next request when the previous one has answered), latencies in a
// histogram of microseconds.
import http from "node:http";
import { createHistogram, type RecordableHistogram } from "node:perf_hooks";

export type Stats = { histogram: RecordableHistogram; ok: number; statuses: Map<string, number> };

export function newStats(): Stats {
  return { histogram: createHistogram(), ok: 0, statuses: new Map() };
}

/** A client address per index in 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). */
export function clientAddress(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** Histogram microseconds as milliseconds with one decimal. */
export const ms = (micros: number) => Number((micros / 1000).toFixed(1));

export type Request = { method: string; path: string; headers: Record<string, string>; body?: string };

/** One request; resolves with the status once the whole body has arrived, or "network error". */
export function send(agent: http.Agent, base: URL, { method, path, headers, body }: Request): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
        res.on("error", () => resolve("network error"));
      },
    );
    req.on("error", () => resolve("network error"));
    req.end(body);
  });
}

/** Sends one request and records its latency and status. */
export async function timed(stats: Stats, request: () => Promise<string>): Promise<void> {
  const started = performance.now();
  const status = await request();
  stats.histogram.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
  stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  if (status.startsWith("2")) stats.ok += 1;
}

export const statusSummary = (stats: Stats) =>
  [...stats.statuses].map(([status, count]) => `${status}: ${count}`).join(", ");

/**
 * Runs `connections` closed loops until `seconds` have passed; `step(index, n)` is connection
 * `index`'s n-th iteration. Requests still open at the end get `drainMs` to finish, after which
 * the run throws. Returns the elapsed seconds.
 */
export async function closedLoop(options: {
  connections: number;
  seconds: number;
  drainMs: number;
  step: (index: number, n: number) => Promise<void>;
}): Promise<number> {
  const { connections, seconds, drainMs, step } = options;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (index: number) => {
    for (let n = 0; performance.now() < deadline; n += 1) await step(index, n);
  };
  const run = Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  const drained = await Promise.race([
    run.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), seconds * 1000 + drainMs).unref()),
  ]);
  if (!drained) throw new Error(`requests still open ${drainMs} ms after the end of the run`);
  return (performance.now() - started) / 1000;
}
