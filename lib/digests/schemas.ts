import "@/lib/validations/zod-setup";
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
