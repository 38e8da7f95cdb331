import "@/lib/zod/setup";
import { z } from "zod";

// The reading figures as GET /api/stats/reading answers them.

const count = z.number().int().min(0);

export const readingStatsAnswer = z
  .object({
    weeks: z
      .array(
        z.object({
          week: z.iso.date().meta({ description: "The week's Monday, in the caller's time zone." }),
          saved: count.meta({ description: "Links saved in the week." }),
          read: count.meta({ description: "Links read in the week, whenever they were saved." }),
        }),
      )
      .meta({ description: "The last 12 weeks, oldest first; the last is the current week, so far." }),
  })
  .meta({ id: "ReadingStats" });
