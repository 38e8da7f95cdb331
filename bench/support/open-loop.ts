// An open-loop load generator (wrk2 is not in Debian): requests at a fixed rate, latency from each
// request's scheduled instant (open-loop-worker.ts). It runs in a process of its own so that the
// benchmark's own work (seeding, reading /proc) never delays a scheduled request.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "@/tests/support/built-app";

export type OpenLoopOptions = {
  url: string;
  /** Requests per second, evenly spaced. */
  rate: number;
  /** Seconds counted, after `warmup` seconds sent at the same rate but not counted. */
  seconds: number;
  warmup: number;
  method: "GET" | "POST";
  path: string;
  /** One user per line: cookie TAB address (an empty cookie sends none). */
  usersFile: string;
  /** Processes whose CPU time the counted part is charged with (the server). */
  serverPids: number[];
  /** Makes the saved URLs of this run unique. */
  tag: string;
};

export type OpenLoopResult = {
  requests: number;
  unanswered: number;
  seconds: number;
  errors: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How late the generator itself sent its requests (p99): above a few ms, it was short of CPU. */
  sendLagP99Ms: number;
  /** The servers' CPU time over the counted part. */
  cpuMs: number;
};

function isResult(value: unknown): value is OpenLoopResult {
  if (typeof value !== "object" || value === null) return false;
  const numbers = ["requests", "unanswered", "seconds", "errors", "p50Ms", "p99Ms", "maxMs", "sendLagP99Ms", "cpuMs"];
  return numbers.every((key) => typeof Reflect.get(value, key) === "number");
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const worker = path.join(import.meta.dirname, "open-loop-worker.ts");
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", worker, JSON.stringify(options)], {
    cwd: REPO_ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.scripts.json" },
    maxBuffer: 1 << 20,
  });
  const parsed: unknown = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
  if (!isResult(parsed)) throw new Error(`the open-loop generator printed no result:\n${stdout}`);
  return parsed;
}
