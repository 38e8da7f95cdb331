// One memory budget for the process (decision 0352), derived from the memory it really has: what
// the server's V8 heap, the extractor children, the page-work queue and EPUB builds may take, and
// what is left for the embedded database and the server's own code. Plain JavaScript because the
// launcher (scripts/server-heap.mjs) reads it before Node starts the app; pure, so the same limit
// always gives the same budget.

const MB = 1024 * 1024;

/**
 * @typedef {object} MemoryBudget
 * @property {number} limitMb
 * @property {number} serverHeapMb
 * @property {number} serverSemiSpaceMb
 * @property {number} articleMaxBytes The most HTML read for one article, in bytes.
 * @property {number} pdfMaxBytes The most bytes of a PDF read (a longer one is refused, not cut).
 * @property {{ count: number; heapMb: number }} extractors
 * @property {{ concurrency: number; maxBytes: number }} pageWork
 * @property {number} epubBuildsAtOnce
 * @property {number} databaseAndRestMb
 */

/** What an extractor child holds beside its heap: Node itself, linkedom and Readability's code, the page's copies. */
export const EXTRACTOR_OVERHEAD_MB = 64;

/** Node's largest default old space on 64-bit: a bigger machine gives the server no more. */
const MAX_SERVER_HEAP_MB = 4096;

/** The most HTML read for one article where there is room for it: long articles carry heavy markup. */
export const LARGEST_ARTICLE_BYTES = 5 * MB;

/**
 * The most read on a machine under 1 GB (decision 0362). An extractor child holds about 25 bytes
 * for each byte of a page at its peak, and the server a few copies of the article on its way to
 * the database: a 5 MB page took a 512 MB group past its limit with the server's own 300 MB.
 */
export const SMALL_MACHINE_ARTICLE_BYTES = 2 * MB;

/**
 * The most bytes of a PDF read (decision 0415), where the children have room: 20 MB from 2 GB, 8 MB
 * below, 4 MB below 1 GB. A child reading a PDF held about 150 MB resident plus 6 MB for each MB of
 * a font-heavy paper's text at its peak (pdf.js's code, the bytes, each page's fonts): 180 MB for
 * 3.8 MB, 203 MB for 7.7 MB, 274 MB for 20 MB, against the heap plus overhead counted for it (160,
 * 192 and 320 MB). Images are never decoded, so a PDF of pictures costs less than its size says.
 */
export const LARGEST_PDF_BYTES = 20 * MB;
export const MEDIUM_MACHINE_PDF_BYTES = 8 * MB;
export const SMALL_MACHINE_PDF_BYTES = 4 * MB;

/** The share of the server's heap that may be in use before page work stops taking more pages. */
export const HEAP_PRESSURE_SHARE = 0.75;

/** Below this a limit is refused: the server and one extractor child do not fit. */
export const MIN_MEMORY_LIMIT_MB = 384;

/** @type {(value: number, step: number) => number} */
const floorTo = (value, step) => Math.floor(value / step) * step;

/**
 * The budget for a process that may hold `limitMb` megabytes (its cgroup's limit, or the machine's
 * memory). Every figure in MB but `articleMaxBytes` and `pageWork.maxBytes`.
 * @param {number} limitMb
 * @returns {MemoryBudget}
 */
export function memoryBudget(limitMb) {
  if (!Number.isFinite(limitMb) || limitMb < MIN_MEMORY_LIMIT_MB) {
    throw new RangeError(`a memory limit of ${limitMb} MB is below the ${MIN_MEMORY_LIMIT_MB} MB the server needs`);
  }
  const small = limitMb < 1024;
  const large = limitMb >= 2048;
  // One child on a small machine: two children reading 5 MB pages at once would take a third of it.
  // A 5 MB article page read alone within a 64 MB heap, but not in the server's flood (the child
  // ran out of it); 96 MB reads it there.
  const extractors = { count: small ? 1 : 2, heapMb: small ? 96 : large ? 256 : 128 };
  const extractorsMb = extractors.count * (extractors.heapMb + EXTRACTOR_OVERHEAD_MB);
  // Node's default young generation (16 MB semi-spaces) on a small machine; 32 MB halves the time
  // spent collecting each request's garbage where there is room (decision 0352).
  const serverSemiSpaceMb = small ? 16 : 32;
  const youngMb = 2 * serverSemiSpaceMb;
  // A share of what the children and the young generation leave; the rest is the database's
  // (PGlite's WebAssembly memory: 128 MB reserved at start, never given back) and Node's own code
  // and buffers. Half where there is room. Below 1 GB, 40 %: measured in a 512 MB group during a
  // save flood, the server held about 200 MB outside its heap, and with an old space of 160 MB the
  // group ran at its limit thousands of times (the kernel evicting the server's own code pages,
  // seconds-long stalls); with 128 MB it never reached it (decision 0362).
  const serverShare = small ? 0.4 : 0.5;
  const serverHeapMb = Math.min(MAX_SERVER_HEAP_MB, floorTo((limitMb - extractorsMb - youngMb) * serverShare, 8));
  const articleMaxBytes = small ? SMALL_MACHINE_ARTICLE_BYTES : LARGEST_ARTICLE_BYTES;
  const pdfMaxBytes = small ? SMALL_MACHINE_PDF_BYTES : large ? LARGEST_PDF_BYTES : MEDIUM_MACHINE_PDF_BYTES;
  // A whole article and a little: one page in flight must fit, two of the largest where there is room.
  const onePageBytes = articleMaxBytes + MB;
  const pageWork = small
    ? { concurrency: 1, maxBytes: onePageBytes }
    : { concurrency: large ? 3 : 2, maxBytes: 2 * onePageBytes };
  return {
    limitMb,
    articleMaxBytes,
    pdfMaxBytes,
    serverHeapMb,
    serverSemiSpaceMb,
    extractors,
    pageWork,
    epubBuildsAtOnce: small ? 1 : large ? 4 : 2,
    databaseAndRestMb: limitMb - extractorsMb - youngMb - serverHeapMb,
  };
}

/**
 * Node's flags for the server's heap under `budget`.
 * @param {MemoryBudget} budget
 * @returns {string[]}
 */
export function serverHeapFlags(budget) {
  return [`--max-old-space-size=${budget.serverHeapMb}`, `--max-semi-space-size=${budget.serverSemiSpaceMb}`];
}

/**
 * Whether the server is near its heap budget: then page work takes no more pages until some
 * finish (one page still runs when none does, so work waits but never stops).
 * @param {{ usedBytes: number; limitBytes: number }} heap
 * @returns {boolean}
 */
export function nearHeapLimit({ usedBytes, limitBytes }) {
  return usedBytes > limitBytes * HEAP_PRESSURE_SHARE;
}
