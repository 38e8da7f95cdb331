// One dispatcher process of the digest benchmark, as `npm run digests:dispatch` or the scheduler
// runs it. Once loaded it writes <results>/<pid>.ready and waits for <results>/go, so that several
// start dispatching at the same instant; it writes its figures to <results>/<pid>.json when it ends.
//
//   --launch none        one worker, no fan-out (the memory figures; dispatchers sharing a rate)
//   --launch in-process  fans out with workers in this process (the embedded scheduler)
import { existsSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { installCountingDb, type StatementTimes } from "./counting-db";

const { values } = parseArgs({
  options: {
    results: { type: "string" },
    launch: { type: "string", default: "none" },
    "budget-ms": { type: "string" },
  },
});
const results = values.results;
const budgetMs = Number(values["budget-ms"]);
if (!results || !Number.isFinite(budgetMs)) throw new Error("worker.ts needs --results and --budget-ms");

export type WorkerFigures = {
  pid: number;
  due: number;
  sent: number;
  skipped: number;
  failed: number;
  continuations: number;
  statements: number;
  statementTimes: StatementTimes;
  peakRssMb: number;
  peakHeapMb: number;
  /** The process's CPU time (user + system) from the slot to its end, in ms. */
  cpuMs: number;
  /** When the process started, when its imports were done and it began dispatching, when it ended (epoch ms). */
  startedAt: number;
  dispatchStartedAt: number;
  endedAt: number;
};

const startedAt = Date.now();
let peakHeap = getHeapStatistics().used_heap_size;
const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size)), 50);

const db = await installCountingDb();
const { dispatchDigests } = await import("@/lib/digests/dispatch");
const { dispatchInProcess } = await import("@/lib/digests/in-process-workers");

writeFileSync(path.join(results, `${process.pid}.ready`), "");
while (!existsSync(path.join(results, "go"))) await sleep(20);
const dispatchStartedAt = Date.now();
const cpuAtStart = process.cpuUsage();
const result =
  values.launch === "in-process" ? await dispatchInProcess({ budgetMs }) : await dispatchDigests({ budgetMs });
clearInterval(sampler);
const cpu = process.cpuUsage(cpuAtStart);

const figures: WorkerFigures = {
  pid: process.pid,
  due: result.due,
  sent: result.sent,
  skipped: result.skipped,
  failed: result.failed,
  continuations: result.continuations,
  statements: db.statements(),
  statementTimes: db.times(),
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  peakHeapMb: Math.round(peakHeap / 1024 / 1024),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  startedAt,
  dispatchStartedAt,
  endedAt: Date.now(),
};
await db.close();
writeFileSync(path.join(results, `${process.pid}.json`), JSON.stringify(figures));
