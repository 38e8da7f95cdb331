import "server-only";
import { successSchema } from "@/lib/api-docs/responses";
import { apiTokenSchema } from "@/lib/auth/schemas";
import { defineEndpoint, idParam, type Operation } from "@/lib/http/contract";
import {
  appPasswordsAnswer,
  createdAppPasswordAnswer,
  oauthTokenAnswer,
  oauthTokenRequestSchema,
} from "@/lib/app-passwords/schemas";

// App passwords, managed with the browser session only (like API tokens).

export const listAppPasswordsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/user/app-passwords",
  tag: "tokens",
  summary: "List the app passwords",
  description:
    "With what an app asks for beside the password: the server's address, the client id and secret, the username. Never the passwords.",
  access: "session",
  success: {
    status: 200,
    description: "The connection details and the working app passwords.",
    schema: appPasswordsAnswer,
  },
});

export const createAppPasswordEndpoint = defineEndpoint({
  method: "post",
  path: "/api/user/app-passwords",
  tag: "tokens",
  summary: "Create an app password",
  description:
    "For an app that signs in with a username and a password (a wallabag app, KOReader, an OPDS reader). The password is in this answer only. It reads, saves, changes and deletes links and categories, nothing else. At most 20 working app passwords.",
  access: "session",
  body: { schema: apiTokenSchema, required: true },
  success: { status: 201, description: "Created.", schema: createdAppPasswordAnswer },
  errors: { 409: ["token_limit"] },
});

export const revokeAppPasswordEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/user/app-passwords/{id}",
  tag: "tokens",
  summary: "Revoke an app password",
  description: "It stops working at once, with every token an app was given for it.",
  access: "session",
  params: idParam("app password"),
  success: { status: 200, description: "Revoked.", schema: successSchema },
  errors: { 404: ["not_found"] },
});

export const APP_PASSWORD_ENDPOINTS = [listAppPasswordsEndpoint, createAppPasswordEndpoint, revokeAppPasswordEndpoint];

// The OAuth 2 token endpoint of wallabag's API (the protocol's own path, outside /api and outside
// this API's document): the username and an app password, or a refresh token, for tokens.
export const OAUTH_OPERATIONS = {
  token: {
    method: "post",
    path: "/oauth/v2/token",
    tag: "sign-in",
    summary: "An app's access token (wallabag's OAuth endpoint)",
    access: "public",
    wrapped: false,
    body: { schema: oauthTokenRequestSchema, required: true },
    answers: { 200: { description: "The tokens.", schema: oauthTokenAnswer } },
    errors: { 400: ["validation_failed"], 429: ["rate_limited"] },
  },
} satisfies Record<string, Operation>;
