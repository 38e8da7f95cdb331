import "@/lib/zod/setup";
import { z } from "zod";

// What POST /api/import answers: NDJSON, one of these a line.

export const importLineAnswer = z
  .object({
    bytesRead: z.number().int(),
    processed: z.number().int(),
    imported: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    done: z.literal(true).optional(),
    format: z.string().nullable().optional(),
    problems: z.array(z.object({ line: z.number().int(), reason: z.string() })).optional(),
    error: z.string().nullable().optional(),
  })
  .meta({
    description:
      "One line of the NDJSON answer: progress after each batch, then the summary (`done: true`, the format read, up to 20 problems and an `error` when the import stopped).",
  });
