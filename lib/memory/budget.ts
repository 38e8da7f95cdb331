import "server-only";
import { env } from "@/lib/env";
import { memoryBudget } from "@/lib/memory/memory-budget.mjs";
import { processMemoryLimitMb } from "@/lib/memory/memory-limit.mjs";

// This process's memory budget (decision 0352), read once at start: from MEMORY_LIMIT_MB, else its
// cgroup's limit or the machine's memory. The server's heap was sized by the same rule before Node
// started (scripts/start-server.sh).
export const MEMORY_BUDGET = memoryBudget(processMemoryLimitMb(env.memoryLimitMb));
