// Pure: the one address a magic-link request names, read the way next-auth v4 reads its body
// (next-auth/next/utils getBody): JSON when the Content-Type contains "application/json", a form
// when it contains "application/x-www-form-urlencoded" (where the last of repeated fields wins),
// nothing otherwise. Limits and validation must see the address that will be mailed, so they read
// it here, the same way, and a form naming `email` twice is refused rather than guessed at.

import type { ErrorCode } from "@/lib/http/error-codes";
import { ONE_ADDRESS_MESSAGE, signInRequestSchema } from "@/lib/auth/schemas";

export type SignInIdentifier = { ok: true; email: string } | { ok: false; code: ErrorCode; message: string };

export const UNREADABLE_BODY_MESSAGE = "Send the sign-in request as a form or a JSON body.";

export function signInIdentifier(contentType: string | null, text: string): SignInIdentifier {
  let body: unknown;
  if (contentType?.includes("application/json")) {
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, code: "invalid_json", message: "The request body is not valid JSON." };
    }
  } else if (contentType?.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(text);
    if (form.getAll("email").length > 1) return { ok: false, code: "validation_failed", message: ONE_ADDRESS_MESSAGE };
    body = Object.fromEntries(form);
  } else {
    return { ok: false, code: "invalid_json", message: UNREADABLE_BODY_MESSAGE };
  }
  const parsed = signInRequestSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, code: "validation_failed", message: parsed.error.issues[0]?.message ?? ONE_ADDRESS_MESSAGE };
  return { ok: true, email: parsed.data.email };
}

/** next-auth's normalizeIdentifier: the same rule, throwing (next-auth then answers EmailSignin). */
export function normalizeSignInIdentifier(identifier: unknown): string {
  const parsed = signInRequestSchema.safeParse({ email: identifier });
  if (!parsed.success) throw new Error(ONE_ADDRESS_MESSAGE);
  return parsed.data.email;
}
