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
    feeds: z
      .object({
        subscribed: z.number().int(),
        alreadySubscribed: z.number().int(),
        cut: z.number().int().meta({ description: "Feeds left out: past the file's limit or the account's." }),
        cutBecause: z.string().nullable().meta({ description: "Why feeds were left out, in words." }),
      })
      .optional()
      .meta({ description: "An OPML list of feeds only: what its import subscribed to." }),
  })
  .meta({
    description:
      "One line of the NDJSON answer: progress after each batch, then the summary (`done: true`, the format read, up to 20 problems and an `error` when the import stopped; for an OPML list of feeds, `feeds`).",
  });
