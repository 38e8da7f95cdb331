import "@/lib/validations/zod-setup";
import { z } from "zod";
import { EMAIL_MESSAGE, emailField } from "@/lib/validations/common";

// The magic-link request (POST /api/auth/signin/email): exactly one address. zod's email format
// refuses what next-auth's own checks would (a second "@", quotes) and what they let through (a
// comma-separated list, spaces, NUL and other control characters).

export const ONE_ADDRESS_MESSAGE = "Please enter one email address.";

export const signInRequestSchema = z.object(
  { email: z.string({ error: EMAIL_MESSAGE }).max(320, { error: EMAIL_MESSAGE }).pipe(emailField) },
  { error: EMAIL_MESSAGE },
);

export type SignInRequest = z.infer<typeof signInRequestSchema>;
