import "@/lib/validations/zod-setup";
import { z } from "zod";

export const EMAIL_ACTION_INVALID_MESSAGE = "This link is invalid.";

// POST /api/mark-read, /api/snooze and /api/not-interested: the signed token of a digest's link, as
// JSON from a script or as the field of the action page's plain HTML form.
export const emailActionSchema = z.object(
  {
    token: z.string({ error: "token is required" }).max(512, { error: EMAIL_ACTION_INVALID_MESSAGE }),
  },
  { error: "token is required" },
);
