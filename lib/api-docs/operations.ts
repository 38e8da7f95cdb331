import "server-only";
import { z } from "zod";
import * as answers from "@/lib/api-docs/responses";
import { exportEndpoint } from "@/lib/export/contract";
import { importEndpoint } from "@/lib/import/contract";
import { locationHeader, type Operation, operationOf } from "@/lib/http/contract";
import { ARTICLE_ENDPOINTS } from "@/lib/articles/contract";
import { TOKEN_ENDPOINTS } from "@/lib/auth/contract";
import { BILLING_ENDPOINTS } from "@/lib/billing/contract";
import { CATEGORY_ENDPOINTS } from "@/lib/categories/contract";
import { cronQuerySchema } from "@/lib/validations/cron";
import { USER_ENDPOINTS } from "@/lib/users/contract";
import { HIGHLIGHT_ENDPOINTS } from "@/lib/highlights/contract";
import { INVITATION_ENDPOINTS } from "@/lib/invitations/contract";
import { readingStatsEndpoint } from "@/lib/stats/contract";
import {
  backTodayEndpoint,
  deleteLinkEndpoint,
  historyEndpoint,
  linkCategoriesEndpoint,
  lookupLinkEndpoint,
  saveLinkEndpoint,
  todayLinksEndpoint,
  updateLinkEndpoint,
} from "@/lib/links/contract";
import { DIGEST_ENDPOINTS } from "@/lib/digests/contract";
import { offlineSyncEndpoint } from "@/lib/offline/contract";
import { mailgunInboundSchema } from "@/lib/validations/mailgun-inbound";
import {
  regenerateSaveAddressEndpoint,
  saveAddressEndpoint,
  saveAddressSettingsEndpoint,
} from "@/lib/inbound-mail/contract";
import { kindleSettingsEndpoint, sendToKindleEndpoint, updateKindleSettingsEndpoint } from "@/lib/epub/contract";
import { testEmailSchema } from "@/lib/validations/test-email";

// Every operation of app/api, described once: who may call it, what it reads, what it answers and
// which error codes it can answer. lib/api-docs/document.ts renders this list as the OpenAPI
// document; the request schemas are the route handlers' own. A domain moved to contracts
// (docs/decisions/0397) declares its endpoints in its contract.ts and is only gathered here; the
// others are still described inline. A new route gets an entry, or the route-coverage test fails.

export const OPERATIONS: Operation[] = [
  // Links
  operationOf(saveLinkEndpoint),
  operationOf(todayLinksEndpoint),
  operationOf(backTodayEndpoint),
  operationOf(historyEndpoint),
  operationOf(offlineSyncEndpoint),
  operationOf(lookupLinkEndpoint),
  operationOf(linkCategoriesEndpoint),
  operationOf(readingStatsEndpoint),
  operationOf(updateLinkEndpoint),
  operationOf(deleteLinkEndpoint),
  ...ARTICLE_ENDPOINTS.map(operationOf),
  ...HIGHLIGHT_ENDPOINTS.map(operationOf),
  // Categories
  ...CATEGORY_ENDPOINTS.map(operationOf),
  // Account
  ...USER_ENDPOINTS.map(operationOf),
  operationOf(saveAddressEndpoint),
  operationOf(saveAddressSettingsEndpoint),
  operationOf(kindleSettingsEndpoint),
  operationOf(updateKindleSettingsEndpoint),
  operationOf(regenerateSaveAddressEndpoint),
  // Tokens
  ...TOKEN_ENDPOINTS.map(operationOf),
  // Invitations
  ...INVITATION_ENDPOINTS.map(operationOf),
  // Billing
  ...BILLING_ENDPOINTS.map(operationOf),
  // Digests
  ...DIGEST_ENDPOINTS.map(operationOf),
  {
    method: "get",
    path: "/api/unsubscribe",
    tag: "digests",
    summary: "Open an unsubscribe link",
    description: "Changes nothing: it leads to the confirmation page.",
    access: "public",
    wrapped: false,
    query: z.object({ token: z.string().optional().meta({ description: "The signed token of the link." }) }),
    answers: { 303: { description: "To the confirmation page.", headers: locationHeader } },
  },
  {
    method: "post",
    path: "/api/unsubscribe",
    tag: "digests",
    summary: "Unsubscribe in one click",
    description:
      "What mail providers send for the List-Unsubscribe header (RFC 8058): the signed token is the credential; no session or Origin is needed, and any body is ignored.",
    access: "public",
    wrapped: false,
    query: z.object({ token: z.string().meta({ description: "The signed token of the link." }) }),
    body: {
      schema: z.object({ "List-Unsubscribe": z.literal("One-Click").optional() }),
      mediaType: "application/x-www-form-urlencoded",
      required: false,
    },
    answers: { 200: { description: "Digests are off.", schema: answers.unsubscribedSchema } },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  },
  // Import and export
  operationOf(importEndpoint),
  operationOf(exportEndpoint),
  operationOf(sendToKindleEndpoint),
  // Sign-in
  {
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
  {
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
  {
    method: "post",
    path: "/api/logout",
    tag: "sign-in",
    summary: "Sign out (the sign-out page's form)",
    access: "public",
    wrapped: false,
    answers: { 303: { description: "Signed out, to the landing page.", headers: locationHeader } },
    errors: { 403: ["cross_origin"] },
  },
  {
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
      200: { description: "next-auth's answer.", schema: answers.nextAuthJsonSchema },
      302: { description: "A redirect.", headers: locationHeader },
      303: { description: "A sign-in link opened: to its confirmation page.", headers: locationHeader },
    },
    errors: { 400: ["validation_failed", "invalid_json"], 404: ["not_found"] },
  },
  {
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
      200: { description: "next-auth's answer.", schema: answers.nextAuthJsonSchema },
      302: { description: "A redirect.", headers: locationHeader },
    },
    errors: {
      400: ["validation_failed", "invalid_json"],
      403: ["cross_origin"],
      404: ["not_found"],
      429: ["rate_limited"],
    },
  },
  // Internal
  {
    method: "get",
    path: "/api/health",
    tag: "internal",
    summary: "Readiness: is the database reachable",
    description: "Also reports the answering process's memory (resident and heap), for monitoring.",
    access: "public",
    wrapped: false,
    answers: {
      200: { description: "Ready.", schema: answers.healthSchema },
      503: { description: "The database is not reachable.", schema: answers.healthSchema },
    },
  },
  {
    method: "get",
    path: "/api/health/live",
    tag: "internal",
    summary: "Liveness: is the process answering",
    access: "public",
    wrapped: false,
    answers: { 200: { description: "Alive.", schema: answers.livenessSchema } },
  },
  {
    method: "get",
    path: "/api/cron/digests",
    tag: "internal",
    summary: "Send the digests that are due (the scheduler's call)",
    description: "`continuation=1` is a run that an earlier run started to share the work.",
    access: "cron",
    wrapped: false,
    query: cronQuerySchema,
    answers: {
      200: { description: "What this run did.", schema: z.union([answers.dispatchSchema, answers.continuationSchema]) },
      202: { description: "A continuation started.", schema: answers.continuationSchema },
    },
    errors: { 400: ["validation_failed"], 401: ["unauthenticated"] },
  },
  {
    method: "post",
    path: "/api/cron/digests",
    tag: "internal",
    summary: "Not answered: the scheduler calls with GET",
    description: "Always 405, with `Allow: GET`, so a scheduler set up with the wrong method learns which one to use.",
    access: "public",
    wrapped: false,
    answers: {},
    errors: { 405: ["method_not_allowed"] },
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "internal",
    summary: "Stripe's events",
    description: "Authenticated by the `Stripe-Signature` header over the raw body; an event is applied once.",
    access: "signature",
    wrapped: false,
    body: { schema: z.looseObject({}).meta({ description: "A Stripe event." }), required: true },
    answers: { 200: { description: "Received.", schema: answers.webhookSchema } },
    errors: { 400: ["invalid_signature"], 503: ["unavailable"] },
  },
  {
    method: "post",
    path: "/api/inbound/mailgun/mime",
    tag: "internal",
    summary: "Mail received by Mailgun for a save address",
    description:
      "A Mailgun route's forward() to this URL (ending in `mime`: the raw message). Authenticated by the signature over `timestamp` and `token` (5 minutes either way, each token once). 200 saved; 406 never to be saved (Mailgun does not retry); any other status is retried by Mailgun.",
    access: "signature",
    wrapped: false,
    body: { schema: mailgunInboundSchema, mediaType: "multipart/form-data", required: true },
    answers: { 200: { description: "Saved.", schema: answers.inboundSavedSchema } },
    errors: {
      401: ["invalid_signature"],
      404: ["not_found"],
      406: ["mail_refused"],
      429: ["rate_limited"],
      503: ["unavailable"],
    },
  },
  {
    method: "post",
    path: "/api/test/email",
    tag: "internal",
    summary: "Send a test email",
    description: "Off unless the instance switches it on; limited per address and per client.",
    access: "public",
    wrapped: true,
    body: { schema: testEmailSchema, required: true },
    answers: { 200: { description: "Sent.", schema: answers.successSchema } },
    errors: { 404: ["not_found"], 429: ["rate_limited"], 503: ["unavailable"] },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "internal",
    summary: "This document",
    access: "public",
    wrapped: false,
    answers: { 200: { description: "OpenAPI 3.1.", schema: answers.documentSchema } },
  },
];
