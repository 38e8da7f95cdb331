// Counts a Node server's major garbage collections (V8's Mark-Compact cycles) as they happen, from
// the lines `node --trace-gc` writes to its standard output. bench:api reads the count before and
// after each window, so every latency figure stands beside the collections that fell in it.
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/** The node option that makes the server report its collections. */
export const TRACE_GC = "--trace-gc";

export type MajorGcCounter = { count: () => number };

export function countMajorGcs(child: ChildProcess): MajorGcCounter {
  let count = 0;
  if (child.stdout)
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.includes(": Mark-Compact")) count += 1;
    });
  return { count: () => count };
}
