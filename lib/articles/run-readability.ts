import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";

// Readability in worker threads (decision 0260): the server's event loop keeps answering requests
// while a large page is parsed. At most EXTRACTION_CONCURRENCY workers per process, started when
// first needed and kept for the next page (starting one and loading linkedom and Readability costs
// more than most pages); a page that takes too long or too much memory stops its worker, which is
// replaced, and counts as not an article. Idle workers do not keep the process alive.

export const EXTRACTION_TIMEOUT_MS = 15_000;
const WORKER_HEAP_MB = 256;
const EXTRACTION_CONCURRENCY = 2;

// Resolved from the working directory (the project root, for `next start` and the tests) because
// the bundler does not see the worker; next.config's outputFileTracingIncludes ships it.
const WORKER_FILE = path.join(process.cwd(), "lib", "articles", "readability-worker.mjs");

const text = z.string().nullable();
const readabilityResult = z.discriminatedUnion("readerable", [
  z.object({ readerable: z.literal(false) }),
  z.object({
    readerable: z.literal(true),
    title: text,
    byline: text,
    siteName: text,
    excerpt: text,
    lang: text,
    dir: text,
    publishedTime: text,
    content: z.string(),
    textContent: z.string(),
  }),
]);

export type ReadabilityResult = z.infer<typeof readabilityResult>;

type Job = {
  html: string;
  timeoutMs: number;
  resolve: (result: ReadabilityResult) => void;
  reject: (error: Error) => void;
};
type PooledWorker = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout; stopped: boolean };

const queue: Job[] = [];
const idle: PooledWorker[] = [];
let live = 0;

function spawn(): PooledWorker {
  const pooled: PooledWorker = {
    worker: new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }),
    job: null,
    stopped: false,
  };
  live += 1;
  pooled.worker.on("message", (message: unknown) => {
    const job = pooled.job;
    if (!job) return;
    clearTimeout(pooled.timer);
    pooled.job = null;
    pooled.worker.unref();
    idle.push(pooled);
    const parsed = readabilityResult.safeParse(message);
    if (parsed.success) job.resolve(parsed.data);
    else job.reject(new Error("Readability answered in an unexpected shape"));
    pump();
  });
  pooled.worker.on("error", (error) => retire(pooled, error));
  pooled.worker.on("exit", (code) => retire(pooled, new Error(`Readability worker exited with code ${code}`)));
  return pooled;
}

/** A worker that failed, ran out of memory or time, or exited: its page is refused, a new worker takes the next. */
function retire(pooled: PooledWorker, error: Error): void {
  if (pooled.stopped) return;
  pooled.stopped = true;
  live -= 1;
  clearTimeout(pooled.timer);
  const index = idle.indexOf(pooled);
  if (index >= 0) idle.splice(index, 1);
  pooled.job?.reject(error);
  pooled.job = null;
  void pooled.worker.terminate();
  pump();
}

function pump(): void {
  while (queue.length > 0 && (idle.length > 0 || live < EXTRACTION_CONCURRENCY)) {
    const job = queue.shift();
    if (!job) return;
    const pooled = idle.pop() ?? spawn();
    pooled.job = job;
    pooled.worker.ref();
    pooled.timer = setTimeout(
      () => retire(pooled, new Error(`Readability took longer than ${job.timeoutMs} ms`)),
      job.timeoutMs,
    );
    pooled.worker.postMessage({ html: job.html });
  }
}

/**
 * Readability's reading of `html`; rejects when the worker fails, runs out of memory, or takes
 * longer than `timeoutMs` from the moment a worker takes the page.
 */
export function runReadability(html: string, timeoutMs = EXTRACTION_TIMEOUT_MS): Promise<ReadabilityResult> {
  return new Promise((resolve, reject) => {
    queue.push({ html, timeoutMs, resolve, reject });
    pump();
  });
}
