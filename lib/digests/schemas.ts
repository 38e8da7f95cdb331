import "@/lib/zod/setup";
import { z } from "zod";

// Digests as the API takes and answers them.

export const EMAIL_ACTION_INVALID_MESSAGE = "This link is invalid.";

// POST /api/mark-read, /api/snooze and /api/not-interested: the signed token of a digest's link, as
// JSON from a script or as the field of the action page's plain HTML form.
export const emailActionSchema = z.object(
  {
    token: z.string({ error: "token is required" }).max(512, { error: EMAIL_ACTION_INVALID_MESSAGE }),
  },
  { error: "token is required" },
);

export const sendNowAnswer = z.object({
  success: z
    .boolean()
    .meta({ description: "False when nothing was sent (no unread links today, or the day's allowance used)." }),
  message: z.string(),
});

// GET /api/cron/digests?continuation=1: a continuation a dispatch run started (lib/digests/continuations.ts).
export const cronQuerySchema = z.object({
  continuation: z.literal("1", { error: "continuation must be 1" }).optional(),
});

// What the unsubscribe link and the scheduler's call answer.
export const unsubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export const dispatchSchema = z.object({
  due: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  continuations: z.number().int(),
});

export const continuationSchema = z.object({ started: z.boolean() });
