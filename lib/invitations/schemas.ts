import "@/lib/zod/setup";
import { z } from "zod";
import { EMAIL_MESSAGE, emailField } from "@/lib/zod/fields";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// Invitations as the API takes and answers them (docs/product.md, "Trial and invitations").

// POST /api/invitations: the recipient email is
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

export const invitationAnswer = z
  .object({
    id: z.string(),
    code: z.string(),
    status: z.enum(["available", "used"]),
    recipientEmail: z.string().nullable(),
    recipientId: z.string().nullable(),
    recipientName: z.string().nullable(),
    createdAt: timestamp,
    usedAt: nullableTimestamp,
  })
  .meta({ id: "Invitation" });

export const invitationsAnswer = z.object({
  availableInvites: z.number().int(),
  invitations: z.array(invitationAnswer),
});

export const createdInvitationAnswer = z.object({
  success: z.literal(true),
  invitation: invitationAnswer,
  emailStatus: z.enum(["none", "sent", "failed"]).meta({ description: "Whether the invitation was emailed." }),
});

/** GET /api/invitations/{code}: can this invitation be claimed? */
export const invitationCheckAnswer = z.object({ valid: z.boolean(), message: z.string() });
