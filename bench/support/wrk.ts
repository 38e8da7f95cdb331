// wrk (Debian's package) as the load generator for benchmarks that measure one endpoint at a time:
// a C event loop costs the shared cores far less than a Node client would, so the figures are the
// server's and not the client's. The Lua script decides each request; its `done` prints one JSON
// line of totals and latency percentiles (microseconds), read here.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";

export type WrkResult = {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses with a status of 400 or more. */
  statusErrors: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
};

type WrkSummary = {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  status: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
};

function isSummary(value: unknown): value is WrkSummary {
  if (typeof value !== "object" || value === null) return false;
  const keys = ["requests", "durationUs", "p50Us", "p99Us", "status", "connect", "read", "write", "timeout"];
  return keys.every((key) => typeof Reflect.get(value, key) === "number");
}

export function assertWrkInstalled(): void {
  if (spawnSync("wrk", ["--version"]).error) throw new Error("wrk is not installed: apt-get install -y wrk");
}

export async function runWrk(options: {
  url: string;
  connections: number;
  seconds: number;
  script: string;
  scriptArgs: string[];
}): Promise<WrkResult> {
  if (!Number.isInteger(options.seconds) || options.seconds < 1)
    throw new Error("wrk runs for a whole number of seconds");
  const args = [
    "-t1",
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--timeout",
    "30s",
    "-s",
    options.script,
    options.url,
    "--",
    ...options.scriptArgs,
  ];
  const { stdout } = await promisify(execFile)("wrk", args, { maxBuffer: 1 << 20 });
  const last = stdout.trim().split("\n").at(-1) ?? "";
  const parsed: unknown = JSON.parse(last);
  if (!isSummary(parsed)) throw new Error(`wrk printed no summary:\n${stdout}`);
  return {
    requests: parsed.requests,
    seconds: parsed.durationUs / 1e6,
    p50Ms: parsed.p50Us / 1000,
    p99Ms: parsed.p99Us / 1000,
    statusErrors: parsed.status,
    socketErrors: parsed.connect + parsed.read + parsed.write + parsed.timeout,
  };
}
