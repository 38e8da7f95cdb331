// Types of memory-budget.mjs (plain JavaScript, read by the launcher before Node starts the app).

export type MemoryBudget = {
  limitMb: number;
  serverHeapMb: number;
  serverSemiSpaceMb: number;
  /** The most HTML read for one article, in bytes. */
  articleMaxBytes: number;
  extractors: { count: number; heapMb: number };
  pageWork: { concurrency: number; maxBytes: number };
  epubBuildsAtOnce: number;
  databaseAndRestMb: number;
};

export declare const EXTRACTOR_OVERHEAD_MB: number;
export declare const LARGEST_ARTICLE_BYTES: number;
export declare const SMALL_MACHINE_ARTICLE_BYTES: number;
export declare const HEAP_PRESSURE_SHARE: number;
export declare const MIN_MEMORY_LIMIT_MB: number;
export declare function memoryBudget(limitMb: number): MemoryBudget;
export declare function serverHeapFlags(budget: MemoryBudget): string[];
export declare function nearHeapLimit(heap: { usedBytes: number; limitBytes: number }): boolean;
