import "@/lib/zod/setup";
import { z } from "zod";
import {
  MAX_TOKEN_NAME_LENGTH,
  TOKEN_NAME_REQUIRED_MESSAGE,
  TOKEN_NAME_TOO_LONG_MESSAGE,
} from "@/lib/auth/api-token-name";
import { extensionReceiver } from "@/lib/extension/redirect-url";
import { EMAIL_MESSAGE, emailField } from "@/lib/zod/fields";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// Signing in and API tokens as the API takes and answers them.

// The magic-link request (POST /api/auth/signin/email): exactly one address. zod's email format
// refuses what next-auth's own checks would (a second "@", quotes) and what they let through (a
// comma-separated list, spaces, NUL and other control characters).

export const ONE_ADDRESS_MESSAGE = "Please enter one email address.";

export const signInRequestSchema = z.object(
  { email: z.string({ error: EMAIL_MESSAGE }).max(320, { error: EMAIL_MESSAGE }).pipe(emailField) },
  { error: EMAIL_MESSAGE },
);

export type SignInRequest = z.infer<typeof signInRequestSchema>;

// The name of a personal API token (Settings → API tokens, POST /api/tokens).

export const apiTokenSchema = z.object({
  name: z
    .string({ error: TOKEN_NAME_REQUIRED_MESSAGE })
    // A NUL or half an emoji cannot be stored; control characters would break the list.
    .overwrite((name) => name.replace(/[\u0000-\u001f\u007f]/g, " ").toWellFormed())
    .trim()
    .min(1, { error: TOKEN_NAME_REQUIRED_MESSAGE })
    .max(MAX_TOKEN_NAME_LENGTH, { error: TOKEN_NAME_TOO_LONG_MESSAGE }),
});

export type ApiTokenInput = z.input<typeof apiTokenSchema>;

// POST /api/extension/connect {redirectUrl, state}: the extension's own receiving page and the
// random state it will check on the way back, both from the connect page's address (decision 0324).

export const NOT_AN_EXTENSION_MESSAGE =
  "This connect link does not come from the LinkStash extension. Open the extension's options and choose Connect.";

/** The extension's random state: URL-safe, 16 to 128 characters. */
export const CONNECT_STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const extensionConnectSchema = z.object({
  redirectUrl: z
    .string({ error: NOT_AN_EXTENSION_MESSAGE })
    .refine((value) => extensionReceiver(value) !== null, { error: NOT_AN_EXTENSION_MESSAGE }),
  state: z
    .string({ error: NOT_AN_EXTENSION_MESSAGE })
    .regex(CONNECT_STATE_PATTERN, { error: NOT_AN_EXTENSION_MESSAGE }),
});

export type ExtensionConnectInput = z.input<typeof extensionConnectSchema>;

export const apiTokenAnswer = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The first characters of the secret, to tell tokens apart." }),
    createdAt: timestamp,
    lastUsedAt: nullableTimestamp,
  })
  .meta({ id: "ApiToken" });

export const createdApiTokenAnswer = z.object({
  token: apiTokenAnswer,
  secret: z.string().meta({ description: "The token itself (`lsk_…`): shown this once, never again." }),
});

// next-auth's own answers, as the API document shows them.
export const nextAuthJsonSchema = z
  .looseObject({})
  .meta({ description: "next-auth's own answer: the session, a CSRF token, the providers, or a redirect address." });
