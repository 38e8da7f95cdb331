import "@/lib/zod/setup";
import { z } from "zod";

// What the health and liveness checks answer.

const bytes = z.number().int().positive();

const processMemorySchema = z
  .object({
    rssBytes: bytes.meta({ description: "Resident memory of the server process (what the system counts)." }),
    heapUsedBytes: bytes.meta({ description: "JavaScript heap in use." }),
    heapTotalBytes: bytes.meta({ description: "JavaScript heap reserved." }),
  })
  .meta({ description: "The answering process's memory, in bytes, when it answered." });

export const healthSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("ok"),
    database: z.literal("reachable"),
    version: z.string(),
    memory: processMemorySchema,
  }),
  z.object({
    status: z.literal("degraded"),
    database: z.literal("unreachable"),
    version: z.string(),
    memory: processMemorySchema,
    code: z.literal("unavailable"),
    message: z.string(),
  }),
]);

export const livenessSchema = z.object({ status: z.literal("ok") });
