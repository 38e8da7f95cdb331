// Prints the server's V8 heap flags for the memory the process will have (decision 0352), for
// scripts/start-server.sh to pass to node: the heap must be sized before Node starts. The same rule
// and limit the app reads (lib/memory); MEMORY_LIMIT_MB overrides the limit, validated as lib/env.ts
// does, so a bad value stops the start naming the variable.
import { MIN_MEMORY_LIMIT_MB, memoryBudget, serverHeapFlags } from "../lib/memory/memory-budget.mjs";
import { processMemoryLimitMb } from "../lib/memory/memory-limit.mjs";

const raw = process.env.MEMORY_LIMIT_MB?.trim() ?? "";
if (raw !== "" && (!/^\d+$/.test(raw) || Number(raw) < MIN_MEMORY_LIMIT_MB)) {
  console.error(
    `Invalid configuration:\n  MEMORY_LIMIT_MB: must be a whole number of megabytes, at least ${MIN_MEMORY_LIMIT_MB}`,
  );
  process.exit(1);
}
console.log(serverHeapFlags(memoryBudget(processMemoryLimitMb(raw === "" ? undefined : Number(raw)))).join(" "));
