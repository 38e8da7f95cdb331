import "@/lib/validations/zod-setup";
import { z } from "zod";

export const READ_REQUIRED_MESSAGE = "read must be true or false";

// PATCH /api/links/{id}: { "read": true } marks the link read, false unread.
export const linkReadSchema = z.object(
  { read: z.boolean({ error: READ_REQUIRED_MESSAGE }) },
  { error: READ_REQUIRED_MESSAGE },
);

// POST /api/mark-read: the signed token from a digest's "Mark as read" link.
export const markReadSchema = z.object(
  { token: z.string({ error: "token is required" }).max(512, { error: "This link is invalid." }) },
  { error: "token is required" },
);
