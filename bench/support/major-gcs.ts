// Counts a Node server's major garbage collections (V8's Mark-Compact cycles) as they happen, from
// the lines `node --trace-gc` writes to its standard output. bench:api reads the count before and
// after each window, so every latency figure stands beside the collections that fell in it.
import type { ChildProcess } from "node:child_process";

/** The node option that makes the server report its collections. */
export const TRACE_GC = "--trace-gc";

const MAJOR_GC = /: Mark-Compact/g;

export type MajorGcCounter = { count: () => number };

export function countMajorGcs(child: ChildProcess): MajorGcCounter {
  let count = 0;
  // A line may arrive split across two chunks: the tail of one is kept for the next.
  let tail = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = tail + chunk.toString("utf8");
    const lastLine = text.lastIndexOf("\n");
    tail = text.slice(lastLine + 1);
    count += (text.slice(0, lastLine + 1).match(MAJOR_GC) ?? []).length;
  });
  return { count: () => count };
}
