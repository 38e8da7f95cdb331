import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";

// Readability in a worker thread of its own per page (decision 0260): the server's event loop keeps
// answering requests while a large page is parsed; a page that takes too long or too much memory
// is stopped and counts as not an article. At most EXTRACTION_CONCURRENCY run at once per process.

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

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= EXTRACTION_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function runWorker(html: string): Promise<ReadabilityResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { html },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`Readability took longer than ${EXTRACTION_TIMEOUT_MS} ms`));
    }, EXTRACTION_TIMEOUT_MS);
    worker.once("message", (message: unknown) => {
      clearTimeout(timer);
      void worker.terminate();
      const parsed = readabilityResult.safeParse(message);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error("Readability answered in an unexpected shape"));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Readability worker exited with code ${code}`));
    });
  });
}

/** Readability's reading of `html`; rejects when the worker fails, runs out of memory or time. */
export async function runReadability(html: string): Promise<ReadabilityResult> {
  const release = await slot();
  try {
    return await runWorker(html);
  } finally {
    release();
  }
}
