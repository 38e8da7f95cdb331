import "@/lib/validations/zod-setup";
import { z } from "zod";

export const READ_REQUIRED_MESSAGE = "read must be true or false";

// PATCH /api/links/{id}: { "read": true } marks the link read, false unread.
export const linkReadSchema = z.object(
  { read: z.boolean({ error: READ_REQUIRED_MESSAGE }) },
  { error: READ_REQUIRED_MESSAGE },
);
