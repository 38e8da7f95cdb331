import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { countMajorGcs, TRACE_GC } from "@/bench/support/major-gcs";

async function countFrom(args: string[]): Promise<number> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const counter = countMajorGcs(child);
  await once(child.stdout, "close");
  return counter.count();
}

describe("countMajorGcs (bench:api)", () => {
  it("counts the full collections node --trace-gc reports, and no scavenge", async () => {
    const script = "gc(); gc(); gc(); for (let i = 0; i < 2e5; i++) new Array(10);";
    expect(await countFrom([TRACE_GC, "--expose-gc", "-e", script])).toBe(3);
  });

  it("counts a line that arrives in two pieces once", async () => {
    const script = `process.stdout.write("[1:0x1]  5 ms: Mark-");
      setTimeout(() => process.stdout.write("Compact 9.0 (12.0) -> 4.0 (12.0) MB\\n[1:0x1]  9 ms: Scavenge 1 (2) -> 1 (2) MB\\n"), 50);`;
    expect(await countFrom(["-e", script])).toBe(1);
  });
});
