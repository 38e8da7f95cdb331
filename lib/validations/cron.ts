import "@/lib/validations/zod-setup";
import { z } from "zod";

// GET /api/cron/digests?continuation=1: a continuation a dispatch run started (lib/digests/continuations.ts).
export const cronQuerySchema = z.object({
  continuation: z.literal("1", { error: "continuation must be 1" }).optional(),
});
