import "server-only";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import { apiTokenAnswer, apiTokenSchema, createdApiTokenAnswer, extensionConnectSchema } from "@/lib/auth/schemas";
import { defineEndpoint, idParam } from "@/lib/http/contract";

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
