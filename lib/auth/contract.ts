import "server-only";
import { defineEndpoint, idParam, locationHeader, type Operation } from "@/lib/http/contract";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import {
  apiTokenAnswer,
  apiTokenSchema,
  createdApiTokenAnswer,
  extensionConnectSchema,
  nextAuthJsonSchema,
} from "@/lib/auth/schemas";

// Personal API tokens and the browser extension's: managed with the browser session only.

export const listTokensEndpoint = defineEndpoint({
  method: "get",
  path: "/api/tokens",
  tag: "tokens",
  summary: "List the working API tokens",
  description: "Never the secrets.",
  access: "session",
  success: { status: 200, description: "Newest first.", schema: z.array(apiTokenAnswer) },
});

export const createTokenEndpoint = defineEndpoint({
  method: "post",
  path: "/api/tokens",
  tag: "tokens",
  summary: "Create an API token",
  description: "The secret is in this answer only. At most 20 working tokens.",
  access: "session",
  body: { schema: apiTokenSchema, required: true },
  success: { status: 201, description: "Created.", schema: createdApiTokenAnswer },
  errors: { 409: ["token_limit"] },
});

export const revokeTokenEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/tokens/{id}",
  tag: "tokens",
  summary: "Revoke an API token",
  description: "It stops working at once.",
  access: "session",
  params: idParam("token"),
  success: { status: 200, description: "Revoked.", schema: successSchema },
  errors: { 404: ["not_found"] },
});

export const connectExtensionEndpoint = defineEndpoint({
  method: "post",
  path: "/api/extension/connect",
  tag: "tokens",
  summary: "Connect the browser extension",
  description:
    'The connect page\'s button. Creates a token named after the browser ("Browser extension (Chromium)" or "(Firefox)") and answers the extension\'s receiving page with the secret in its fragment. `redirectUrl` must be exactly `chrome-extension://<id>/connected.html` or `moz-extension://<uuid>/connected.html`. At most 20 working tokens.',
  access: "session",
  body: { schema: extensionConnectSchema, required: true },
  success: {
    status: 201,
    description: "Created; the browser goes to `redirectUrl`.",
    schema: z.object({ redirectUrl: z.string() }),
  },
  errors: { 409: ["token_limit"] },
});

export const TOKEN_ENDPOINTS = [listTokensEndpoint, createTokenEndpoint, revokeTokenEndpoint, connectExtensionEndpoint];

// Signing in and out: next-auth's own endpoints and the app's redirects around them, outside the API
// wrapper.
export const SIGN_IN_OPERATIONS = {
  login: {
    method: "get",
    path: "/api/login",
    tag: "sign-in",
    summary: "Go to the sign-in page",
    access: "public",
    wrapped: false,
    query: z.object({
      returnTo: z.string().optional().meta({ description: "A path of this site to come back to." }),
    }),
    answers: { 303: { description: "To the sign-in page.", headers: locationHeader } },
  },
  logoutLink: {
    method: "get",
    path: "/api/logout",
    tag: "sign-in",
    summary: "Sign out (the menu's link)",
    description: "Only as the user's own navigation; another site's link leads to the sign-out page instead.",
    access: "public",
    wrapped: false,
    answers: {
      303: { description: "Signed out, to the landing page (or to the sign-out page).", headers: locationHeader },
    },
    errors: { 403: ["cross_origin"] },
  },
  logoutForm: {
    method: "post",
    path: "/api/logout",
    tag: "sign-in",
    summary: "Sign out (the sign-out page's form)",
    access: "public",
    wrapped: false,
    answers: { 303: { description: "Signed out, to the landing page.", headers: locationHeader } },
    errors: { 403: ["cross_origin"] },
  },
  nextAuthGet: {
    method: "get",
    path: "/api/auth/{nextauth}",
    tag: "sign-in",
    summary: "next-auth (session, csrf, providers, sign-in pages)",
    description:
      "next-auth's own endpoints, for the app's pages: `{nextauth}` is the action and may hold a slash (`callback/email`).",
    access: "public",
    wrapped: false,
    params: z.object({ nextauth: z.string().meta({ description: "next-auth's action." }) }),
    answers: {
      200: { description: "next-auth's answer.", schema: nextAuthJsonSchema },
      302: { description: "A redirect.", headers: locationHeader },
      303: { description: "A sign-in link opened: to its confirmation page.", headers: locationHeader },
    },
    errors: { 400: ["validation_failed", "invalid_json"], 404: ["not_found"] },
  },
  nextAuthPost: {
    method: "post",
    path: "/api/auth/{nextauth}",
    tag: "sign-in",
    summary: "next-auth (sign-in by email, sign-out, callbacks)",
    description:
      "next-auth's own endpoints, for the app's pages, guarded by its CSRF token. Sign-in links are limited per address and per client (429).",
    access: "public",
    wrapped: false,
    params: z.object({ nextauth: z.string().meta({ description: "next-auth's action." }) }),
    body: {
      schema: z.looseObject({ csrfToken: z.string().optional(), email: z.string().optional() }),
      mediaType: "application/x-www-form-urlencoded",
      required: false,
    },
    answers: {
      200: { description: "next-auth's answer.", schema: nextAuthJsonSchema },
      302: { description: "A redirect.", headers: locationHeader },
    },
    errors: {
      400: ["validation_failed", "invalid_json"],
      403: ["cross_origin"],
      404: ["not_found"],
      429: ["rate_limited"],
    },
  },
} satisfies Record<string, Operation>;
