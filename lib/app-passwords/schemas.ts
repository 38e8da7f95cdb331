import "@/lib/zod/setup";
import { z } from "zod";
import { apiTokenAnswer } from "@/lib/auth/schemas";

// App passwords as the API answers them (Settings → Apps). A new one is named like an API token
// (apiTokenSchema).

const connectionFields = {
  serverUrl: z.string().meta({ description: "This server's address: what an app asks for as its server." }),
  clientId: z.string().meta({ description: "The OAuth client id a wallabag app asks for." }),
  clientSecret: z.string().meta({
    description:
      "The OAuth client secret a wallabag app asks for (the same for every app: the app password is the secret).",
  }),
  username: z.string().meta({ description: "The account's email address." }),
};

export const appPasswordsAnswer = z.object({
  ...connectionFields,
  appPasswords: z
    .array(apiTokenAnswer)
    .meta({ description: "The working app passwords, newest first; never the passwords." }),
});

export const createdAppPasswordAnswer = z.object({
  ...connectionFields,
  password: z.string().meta({ description: "The app password (`xxxx-xxxx-xxxx-xxxx`): shown this once, never again." }),
  appPassword: apiTokenAnswer,
});

// The OAuth 2 token request (RFC 6749 §4.3 and §6) as wallabag's apps send it, JSON or form fields.

const oauthField = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .min(1, { error: `${name} is required.` })
    .max(1000);

export const oauthTokenRequestSchema = z.discriminatedUnion(
  "grant_type",
  [
    z.object({
      grant_type: z.literal("password"),
      client_id: oauthField("client_id"),
      client_secret: oauthField("client_secret"),
      username: oauthField("username"),
      password: oauthField("password"),
    }),
    z.object({
      grant_type: z.literal("refresh_token"),
      client_id: oauthField("client_id"),
      client_secret: oauthField("client_secret"),
      refresh_token: oauthField("refresh_token"),
    }),
  ],
  { error: "grant_type is password or refresh_token." },
);

export type OauthTokenRequest = z.output<typeof oauthTokenRequestSchema>;

export const oauthTokenAnswer = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.null(),
  token_type: z.literal("bearer"),
});

/** RFC 6749 §5.2's error codes. */
export type OauthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type";
