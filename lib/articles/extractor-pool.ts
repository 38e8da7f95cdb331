import "server-only";
import { type ChildProcess, spawn as spawnProcess } from "node:child_process";
import path from "node:path";
import { z } from "zod";
import { EXTRACTOR_CHILD_PATH } from "@/lib/articles/extractor-child-path.mjs";
import { UNAVAILABLE_REASONS } from "@/lib/articles/unavailable-reasons.mjs";
import { env } from "@/lib/env";
import { MEMORY_BUDGET } from "@/lib/memory/budget";

// Article extraction in child processes (decision 0300): parsing, Readability and the sanitiser
// run outside the server, each child with a heap limit of its own, so a page that exhausts it (V8
// then aborts the whole process, which a worker thread's resourceLimits does not prevent) ends
// only that child. At most EXTRACTOR_POOL_SIZE children, started when first needed and kept for
// the next page (starting one and loading linkedom and Readability costs more than most pages). A
// child that dies or runs out of time is gone: its page is not an article, with the reason, and
// the next page gets a new child. Idle children do not keep the server alive. The same children read
// received mail (decision 0348): a job is an article's page or a mail's source, told apart by `kind`.

export const EXTRACTION_TIMEOUT_MS = 15_000;
// From the process's memory budget (decision 0352): one child with a smaller heap on a small machine.
export const EXTRACTOR_HEAP_MB = MEMORY_BUDGET.extractors.heapMb;
export const EXTRACTOR_POOL_SIZE = MEMORY_BUDGET.extractors.count;

// Resolved from the working directory (the project root, for `next start` and the tests) because
// the bundler does not see the child; next.config ships the same file with the build.
const CHILD_FILE = path.resolve(EXTRACTOR_CHILD_PATH);

const text = z.string().nullable();
const extractorResult = z.discriminatedUnion("readerable", [
  z.object({
    readerable: z.literal(false),
    reason: z.enum([
      UNAVAILABLE_REASONS.notArticle,
      UNAVAILABLE_REASONS.tooComplex,
      UNAVAILABLE_REASONS.tooLarge,
      UNAVAILABLE_REASONS.tooSlow,
      UNAVAILABLE_REASONS.failed,
      UNAVAILABLE_REASONS.pdfImagesOnly,
      UNAVAILABLE_REASONS.pdfTooManyPages,
    ]),
  }),
  z.object({
    readerable: z.literal(true),
    title: text,
    byline: text,
    siteName: text,
    excerpt: text,
    lang: text,
    dir: text,
    publishedTime: text,
    /** Already through the sanitiser. */
    content: z.string(),
    textContent: z.string(),
  }),
]);

export type ExtractorResult = z.infer<typeof extractorResult>;

/** A page to read: its HTML, its address (relative links resolve against it), and the app's own origin. */
/** `anyway`: the owner asked for the page's text although Readability does not call it an article. */
export type ExtractorPage = { html: string; url: string; appOrigin: string; anyway?: boolean };

/** A PDF to read (decision 0415): its bytes, its address, the app's own origin, and the most pages read. */
export type ExtractorPdf = { bytes: Uint8Array; url: string; appOrigin: string; maxPages: number };

/** What a child is sent: a page to extract, a received mail's MIME source to read, or a PDF. */
export type ExtractorJob =
  | { kind: "article"; page: ExtractorPage }
  | { kind: "mail"; source: Uint8Array; appOrigin: string }
  | { kind: "pdf"; pdf: ExtractorPdf };

/**
 * How a child's work ends: its answer, or the child gone (out of time when `timedOut`, else out of
 * heap). An Error rejects the job's promise.
 */
export type JobEnd<T> = {
  answer: (message: unknown) => T | Error;
  gone: (timedOut: boolean) => T | Error;
};

type Job = {
  message: ExtractorJob;
  timeoutMs: number;
  answer: (message: unknown) => void;
  gone: (timedOut: boolean) => void;
  reject: (error: Error) => void;
};
type Extractor = { child: ChildProcess; job: Job | null; timer?: NodeJS.Timeout; timedOut: boolean; gone: boolean };

const queue: Job[] = [];
const idle: Extractor[] = [];
const all = new Set<Extractor>();

function setIdle(extractor: Extractor, isIdle: boolean): void {
  if (isIdle) {
    extractor.child.unref();
    extractor.child.channel?.unref();
  } else {
    extractor.child.ref();
    extractor.child.channel?.ref();
  }
}

function spawn(): Extractor {
  // Node itself with an IPC channel, as fork() would start it: Turbopack's build resolves fork()'s
  // path as a module to bundle, and fails. Only the heap limit among its flags (none of the
  // server's own, a profiler say), and none of the server's settings or secrets in the
  // environment of a process that parses other people's pages.
  const child = spawnProcess(process.execPath, [`--max-old-space-size=${EXTRACTOR_HEAP_MB}`, CHILD_FILE], {
    env: { NODE_ENV: env.nodeEnv },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const extractor: Extractor = { child, job: null, timedOut: false, gone: false };
  all.add(extractor);
  child.on("message", (message: unknown) => {
    const job = extractor.job;
    if (!job || extractor.gone) return;
    clearTimeout(extractor.timer);
    extractor.job = null;
    setIdle(extractor, true);
    idle.push(extractor);
    job.answer(message);
    pump();
  });
  // Could not be started (or signalled): the page fails, the next one tries a new child.
  child.on("error", (error) => retire(extractor, (job) => job.reject(error)));
  // Out of heap (V8 aborts it), killed for its time, or killed from outside: the page is not an article.
  child.on("exit", () => retire(extractor, (job) => job.gone(extractor.timedOut)));
  return extractor;
}

/** Takes the extractor out of the pool for good, settles its page, and lets the next page start a new one. */
function retire(extractor: Extractor, settle: (job: Job) => void): void {
  if (extractor.gone) return;
  extractor.gone = true;
  all.delete(extractor);
  clearTimeout(extractor.timer);
  const index = idle.indexOf(extractor);
  if (index >= 0) idle.splice(index, 1);
  const job = extractor.job;
  extractor.job = null;
  if (job) settle(job);
  if (extractor.child.exitCode === null && extractor.child.signalCode === null) extractor.child.kill("SIGKILL");
  pump();
}

function pump(): void {
  while (queue.length > 0 && (idle.length > 0 || all.size < EXTRACTOR_POOL_SIZE)) {
    const job = queue.shift();
    if (!job) return;
    const extractor = idle.pop() ?? spawn();
    extractor.job = job;
    setIdle(extractor, false);
    extractor.timer = setTimeout(() => {
      extractor.timedOut = true;
      extractor.child.kill("SIGKILL");
    }, job.timeoutMs);
    extractor.child.send(job.message, (error) => {
      if (error) retire(extractor, (failed) => failed.reject(error));
    });
  }
}

/** How an article's job ends, a page's or a PDF's: the child's answer checked, or the child gone. */
const ARTICLE_END: JobEnd<ExtractorResult> = {
  answer: (message) => {
    const parsed = extractorResult.safeParse(message);
    return parsed.success ? parsed.data : new Error("The article extractor answered in an unexpected shape");
  },
  gone: (timedOut) => ({
    readerable: false,
    reason: timedOut ? UNAVAILABLE_REASONS.tooSlow : UNAVAILABLE_REASONS.tooLarge,
  }),
};

/**
 * The article in `page`, read in an extractor child process: Readability's fields and the
 * sanitised HTML, or not readerable with the reason (not an article, over the element or depth
 * budget, the child ran out of heap, or out of `timeoutMs` from the moment a child takes the
 * page). Rejects only when no child could be started or it answered in an unexpected shape.
 */
export function runExtractor(page: ExtractorPage, timeoutMs = EXTRACTION_TIMEOUT_MS): Promise<ExtractorResult> {
  return runInExtractor({ kind: "article", page }, timeoutMs, ARTICLE_END);
}

/**
 * The PDF's article (decision 0415), read in an extractor child under the same limits as a page:
 * its text by page, or not readerable with the reason (images only, too many pages, the child out
 * of heap or of `timeoutMs`). Rejects as runExtractor does.
 */
export function runPdfExtractor(pdf: ExtractorPdf, timeoutMs = EXTRACTION_TIMEOUT_MS): Promise<ExtractorResult> {
  return runInExtractor({ kind: "pdf", pdf }, timeoutMs, ARTICLE_END);
}

/**
 * Runs `message` in an extractor child, waiting for one like every job: its answer as `end` reads
 * it (an Error rejects), or what `end` says of a child that ran out of heap or of `timeoutMs`.
 */
export function runInExtractor<T>(message: ExtractorJob, timeoutMs: number, end: JobEnd<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (result: T | Error) => (result instanceof Error ? reject(result) : resolve(result));
    queue.push({
      message,
      timeoutMs,
      answer: (answer) => settle(end.answer(answer)),
      gone: (timedOut) => settle(end.gone(timedOut)),
      reject,
    });
    pump();
  });
}

/** Process ids of the extractor children alive now (the benchmark reads their memory, tests kill one). */
export function extractorPids(): number[] {
  return [...all].flatMap(({ child }) => (child.pid === undefined ? [] : [child.pid]));
}
