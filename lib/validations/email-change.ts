import "@/lib/validations/zod-setup";
import { z } from "zod";

// POST /api/user/email/confirm: the token of the confirmation link sent to a new address.

export const CONFIRMATION_TOKEN_MESSAGE = "This confirmation link is incomplete. Open the link from the email again.";

export const emailChangeConfirmSchema = z.object(
  {
    token: z
      .string({ error: CONFIRMATION_TOKEN_MESSAGE })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: CONFIRMATION_TOKEN_MESSAGE }),
  },
  { error: CONFIRMATION_TOKEN_MESSAGE },
);

export type EmailChangeConfirmRequest = z.infer<typeof emailChangeConfirmSchema>;
