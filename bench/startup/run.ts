// Start-up benchmark: the time from spawning the production server (`next start`) to its first
// 200 from GET /api/health, on a fresh data directory (PGlite initdb and the migrations run before
// the database answers) and then on the same directory again (warm). Repeated --runs times, each
// run with a new directory. Prints min/median/max per kind; exits non-zero if the warm median is
// 3000 ms or more. Needs `npx next build` first: `npm start` here is `npm run build && next start`,
// and only the `next start` part is measured.
//
//   npx tsx --tsconfig tsconfig.scripts.json bench/startup/run.ts
//   npx tsx --tsconfig tsconfig.scripts.json bench/startup/run.ts --runs 5
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { assertBuilt, type Exit, freePort, spawnServer } from "@/tests/support/built-app";
import { median } from "@/bench/support/median";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
  },
});

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error("--runs must be an integer from 1 to 50");

const POLL_MS = 25;
const READY_TIMEOUT_MS = 120_000;
const WARM_BUDGET_MS = 3000;
// Below this are the Playwright ports (3100–3103) and the usual dev ports.
const MIN_PORT = 3600;

async function portAtLeast(minimum: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await freePort();
    if (port >= minimum) return port;
  }
  throw new Error(`no free port at or above ${minimum}`);
}

/** Waits for the process to end; SIGKILL if SIGTERM has not ended it within `timeoutMs`. */
async function stop(child: ChildProcess, exited: Promise<Exit>, timeoutMs = 15_000): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Spawns the server itself (not npx: SIGTERM must reach it) and returns ms to the first 200. */
async function timeToFirst200(dataDir: string): Promise<number> {
  const port = await portAtLeast(MIN_PORT);
  const started = performance.now();
  // Only the data directory: the rest of the app's settings are its defaults.
  const { child, url, exited, log } = spawnServer({ port, env: { DATA_DIR: dataDir } });

  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`next start exited before its first 200:\n${log()}`);
      // 503 while the database is not reachable yet; connection refused before the server listens.
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        async (res) => {
          await res.body?.cancel();
          return res.status;
        },
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`no 200 from /api/health within ${READY_TIMEOUT_MS} ms:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await stop(child, exited);
  }
}

function summary(samples: number[]): { min: number; median: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { min: Math.round(sorted[0] ?? 0), median: Math.round(median(sorted)), max: Math.round(sorted.at(-1) ?? 0) };
}

async function main(): Promise<boolean> {
  assertBuilt();
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-startup-"));
    try {
      fresh.push(await timeToFirst200(dataDir));
      warm.push(await timeToFirst200(dataDir));
      console.log(
        `run ${run}/${runs}: fresh ${Math.round(fresh.at(-1) ?? 0)} ms, warm ${Math.round(warm.at(-1) ?? 0)} ms`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const warmSummary = summary(warm);
  console.log(
    `\nStart-up of \`next start\` (the build is not included; \`npm start\` here also runs \`npm run build\`):` +
      ` spawn to the first 200 from GET /api/health, polled every ${POLL_MS} ms, PGlite, ${runs} run(s)`,
  );
  console.table([
    {
      "data directory": "fresh (initdb + migrations)",
      "min ms": summary(fresh).min,
      "median ms": summary(fresh).median,
      "max ms": summary(fresh).max,
    },
    { "data directory": "warm", "min ms": warmSummary.min, "median ms": warmSummary.median, "max ms": warmSummary.max },
  ]);
  const passed = warmSummary.median < WARM_BUDGET_MS;
  console.log(
    `warm median ${warmSummary.median} ms ${passed ? "<" : "≥"} budget ${WARM_BUDGET_MS} ms: ${passed ? "ok" : "OVER BUDGET"}`,
  );
  return passed;
}

process.exitCode = (await main()) ? 0 : 1;
