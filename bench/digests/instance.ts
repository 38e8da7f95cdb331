// One app instance of the fan-out benchmark (a warm function instance, or a self-hosted server):
// it serves GET /api/cron/digests the way the route does, with the same lib functions: a run that
// starts continuations through APP_URL, or with ?continuation=1 a continuation that takes a worker
// slot, answers 202 and works after the answer (Next's after(), which needs Next, is the one part
// played here by a promise). GET /_bench/figures answers its counts. Prints {"url"} once listening.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getHeapStatistics } from "node:v8";
import { installCountingDb } from "./counting-db";

const budgetMs = Number(process.argv[process.argv.indexOf("--budget-ms") + 1]);
if (!Number.isFinite(budgetMs)) throw new Error("instance.ts needs --budget-ms");

let peakHeap = getHeapStatistics().used_heap_size;
setInterval(() => (peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size)), 50).unref();

const db = await installCountingDb();
const { dispatchDigests, runWorker } = await import("@/lib/digests/dispatch");
const { cronContinuations } = await import("@/lib/digests/continuations");
const { isCronAuthorized } = await import("@/lib/http/cron-auth");
const { takeWorkerSlot } = await import("@/lib/digests/worker-slot-queries");
type DispatchResult = Awaited<ReturnType<typeof runWorker>>;

const figures = { runs: 0, continuations: 0, active: 0, due: 0, sent: 0, started: 0, errors: 0 };

function count(result: DispatchResult): void {
  figures.due += result.due;
  figures.sent += result.sent;
  figures.started += result.continuations;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://instance");
  if (url.pathname === "/_bench/figures") {
    return json(res, 200, {
      ...figures,
      statements: db.statements(),
      statementTimes: db.times(),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      peakHeapMb: Math.round(peakHeap / 1024 / 1024),
    });
  }
  const headers = new Headers({ authorization: req.headers.authorization ?? "" });
  if (url.pathname !== "/api/cron/digests" || !isCronAuthorized(new Request(url, { headers }))) {
    return json(res, 401, { message: "Unauthorized" });
  }
  if (url.searchParams.get("continuation") !== "1") {
    figures.runs += 1;
    figures.active += 1;
    const result = await dispatchDigests({ budgetMs, launcher: cronContinuations() }).finally(() => {
      figures.active -= 1;
    });
    count(result);
    return json(res, 200, result);
  }
  const deadline = Date.now() + budgetMs;
  const lease = await takeWorkerSlot(deadline);
  if (!lease) return json(res, 200, { started: false });
  figures.continuations += 1;
  figures.active += 1;
  runWorker({ deadline, lease, launcher: cronContinuations() })
    .then(count, (error: unknown) => {
      figures.errors += 1;
      console.error(error);
    })
    .finally(() => {
      figures.active -= 1;
    });
  return json(res, 202, { started: true });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    figures.errors += 1;
    console.error(error);
    json(res, 500, { message: String(error) });
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address !== "string") console.log(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
});
process.once("SIGTERM", () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
