import "@/lib/validations/zod-setup";
import { z } from "zod";
import { EMAIL_MESSAGE, emailField } from "@/lib/validations/common";

// POST /api/invitations (docs/product.md, "Trial and invitations"): the recipient email is
// optional; a blank one means none. The client does not validate it, so the server's message is
// what the toast shows.
const recipientEmailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(emailField.optional())
  .nullish();

// A bodiless POST (no recipient) is as valid as `{}`.
export const createInvitationSchema = z.object({ recipientEmail: recipientEmailField }).optional();

export type CreateInvitationInput = z.input<typeof createInvitationSchema>;
export type CreateInvitationPayload = z.output<typeof createInvitationSchema>;

/** The shape of the codes this app issues (base64url, 16 characters); anything else is unknown. */
export const invitationCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);
