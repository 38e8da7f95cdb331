import "server-only";
import { defineEndpoint, locationHeader, type Operation } from "@/lib/http/contract";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import type { EmailAction } from "@/lib/digests/email-actions";
import {
  continuationSchema,
  cronQuerySchema,
  dispatchSchema,
  emailActionSchema,
  sendNowAnswer,
  unsubscribedSchema,
} from "@/lib/digests/schemas";

// Digest emails: sending one now, and the one-click links under each link of a digest.

export const sendNowEndpoint = defineEndpoint({
  method: "post",
  path: "/api/digest/send-now",
  tag: "digests",
  summary: "Email today's unread links now",
  access: "session",
  success: { status: 200, description: "Sent, or why not.", schema: sendNowAnswer },
  errors: { 429: ["rate_limited"], 503: ["unavailable"] },
});

// The one-click actions differ only in their words (lib/digests/email-action-route.ts answers them).
const EMAIL_ACTION_WORDS: Record<EmailAction, { summary: string; done: string }> = {
  "mark-read": { summary: "Mark a link read from a digest", done: "Marked read (the first time kept)." },
  snooze: {
    summary: "Snooze a link a week from a digest",
    done: "Snoozed: the link comes back on its owner's local day a week from today.",
  },
  "not-interested": {
    summary: 'Set a link aside from a digest ("Not interested")',
    done: "Set aside: kept in the history, never brought back by a digest.",
  },
};

function emailActionEndpoint(action: EmailAction) {
  return defineEndpoint({
    method: "post",
    path: `/api/${action}`,
    tag: "digests",
    summary: EMAIL_ACTION_WORDS[action].summary,
    description:
      "The signed token of the digest's link is the credential; no session or cookie is needed, and repeating it changes nothing more. The action's page posts it as a plain HTML form (`application/x-www-form-urlencoded`, field `token`), answered with a 303 back to the page.",
    access: "public",
    body: { schema: emailActionSchema, required: true, form: true },
    success: { status: 200, description: EMAIL_ACTION_WORDS[action].done, schema: successSchema },
    answers: {
      303: {
        description: "The page's form: back to the action's page, which shows the outcome.",
        headers: locationHeader,
      },
    },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  });
}

export const EMAIL_ACTION_ENDPOINTS = {
  "mark-read": emailActionEndpoint("mark-read"),
  snooze: emailActionEndpoint("snooze"),
  "not-interested": emailActionEndpoint("not-interested"),
} satisfies Record<EmailAction, ReturnType<typeof emailActionEndpoint>>;

export const DIGEST_ENDPOINTS = [sendNowEndpoint, ...Object.values(EMAIL_ACTION_ENDPOINTS)];

// The unsubscribe link in every digest (RFC 8058's one click), outside the API wrapper: its signed
// token is the credential.
export const UNSUBSCRIBE_OPERATIONS = {
  open: {
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
  oneClick: {
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
    answers: { 200: { description: "Digests are off.", schema: unsubscribedSchema } },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  },
} satisfies Record<string, Operation>;

// The scheduler's call, authenticated by the cron secret.
export const CRON_OPERATIONS = {
  dispatch: {
    method: "get",
    path: "/api/cron/digests",
    tag: "internal",
    summary: "Send the digests that are due (the scheduler's call)",
    description: "`continuation=1` is a run that an earlier run started to share the work.",
    access: "cron",
    wrapped: false,
    query: cronQuerySchema,
    answers: {
      200: { description: "What this run did.", schema: z.union([dispatchSchema, continuationSchema]) },
      202: { description: "A continuation started.", schema: continuationSchema },
    },
    errors: { 400: ["validation_failed"], 401: ["unauthenticated"] },
  },
  wrongMethod: {
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
} satisfies Record<string, Operation>;
