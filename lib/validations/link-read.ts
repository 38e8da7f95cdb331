import "@/lib/validations/zod-setup";
import { z } from "zod";

// POST /api/mark-read: the signed token from a digest's "Mark as read" link. (PATCH /api/links/{id}
// marks a link read or unread with lib/validations/link-update.ts.)
export const markReadSchema = z.object(
  { token: z.string({ error: "token is required" }).max(512, { error: "This link is invalid." }) },
  { error: "token is required" },
);
