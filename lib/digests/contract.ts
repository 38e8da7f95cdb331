import "server-only";
import { successSchema } from "@/lib/api-docs/responses";
import type { EmailAction } from "@/lib/digests/email-actions";
import { emailActionSchema, sendNowAnswer } from "@/lib/digests/schemas";
import { defineEndpoint, locationHeader } from "@/lib/http/contract";

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
