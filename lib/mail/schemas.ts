import "@/lib/zod/setup";
import { z } from "zod";
import { emailField } from "@/lib/zod/fields";

// The /email-test form and POST /api/test/email.
export const testEmailSchema = z.object({ email: emailField });

export type TestEmailInput = z.input<typeof testEmailSchema>;
export type TestEmailPayload = z.output<typeof testEmailSchema>;
