import "server-only";
import { z } from "zod";
import * as answers from "@/lib/api-docs/responses";
import { MAX_HIGHLIGHTS_PER_LINK, MAX_HIGHLIGHTS_PER_USER } from "@/lib/highlights/rules";
import { EXPORT_FORMATS } from "@/lib/export/formats";
import type { ErrorCode, ErrorStatus } from "@/lib/http/error-codes";
import { apiTokenSchema } from "@/lib/validations/api-token";
import { verifySessionQuerySchema } from "@/lib/validations/billing";
import { categorySchema } from "@/lib/validations/category";
import { cronQuerySchema } from "@/lib/validations/cron";
import { emailChangeConfirmSchema } from "@/lib/validations/email-change";
import { extensionConnectSchema } from "@/lib/validations/extension-connect";
import { highlightCreateSchema, highlightUpdateSchema } from "@/lib/validations/highlight";
import { historyQuerySchema } from "@/lib/validations/history";
import { createInvitationSchema } from "@/lib/validations/invitation";
import { linkSchema } from "@/lib/validations/link";
import { linkLookupQuerySchema } from "@/lib/validations/link-lookup";
import { emailActionSchema } from "@/lib/validations/email-action";
import { linkUpdateSchema } from "@/lib/validations/link-update";
import { offlineSyncQuerySchema } from "@/lib/validations/offline-sync";
import { onboardRequestSchema } from "@/lib/validations/onboard";
import { mailgunInboundSchema } from "@/lib/validations/mailgun-inbound";
import { saveAddressSettingsSchema } from "@/lib/validations/save-address";
import { kindleSendSchema, kindleSettingsSchema } from "@/lib/validations/kindle";
import { settingsRequestSchema } from "@/lib/validations/settings";
import { testEmailSchema } from "@/lib/validations/test-email";
import { todayQuerySchema } from "@/lib/validations/today";

// Every operation of app/api, described once: who may call it, what it reads, what it answers and
// which error codes it can answer. lib/api-docs/document.ts renders this list as the OpenAPI
// document; the request schemas are the route handlers' own (lib/validations). A new route gets an
// entry here, or the route-coverage test fails.

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call it. `token`: a personal API token or the session; `session`: the session only;
 * `public`: anyone (a session, when sent, may change the answer); `cron`: the scheduler's secret;
 * `signature`: a provider's signature (Stripe's over the body, Mailgun's over its timestamp and token).
 */
export type Access = "token" | "session" | "public" | "cron" | "signature";

export const TAGS = {
  links: "Saving, listing, reading and deleting links. A personal API token works here.",
  categories: "The caller's own categories. A personal API token works here.",
  account: "The signed-in account: its details, settings, onboarding and deletion.",
  tokens: "Personal API tokens, managed with the browser session only.",
  invitations: "Invitations to LinkStash and claiming them.",
  billing: "Plans and Stripe checkout (answers 503 where billing is not set up).",
  digests: "Digest emails: sending one now, marking a link read from one, unsubscribing.",
  "import and export": "Moving links in and out.",
  stats: "Figures about the caller's links for the app's own pages, with the browser session only.",
  "sign-in": "Signing in and out: redirects and next-auth's own endpoints, for the browser.",
  internal:
    "For the platform, not for API clients: health probes, the scheduler, Stripe's webhook, the email test and this document.",
} as const;

export type Tag = keyof typeof TAGS;

type Body = {
  schema: z.ZodType;
  /** application/json unless said. */
  mediaType?: string;
  required?: boolean;
  description?: string;
};

type Answer = {
  description: string;
  schema?: z.ZodType;
  /** application/json when there is a schema, unless said. */
  mediaType?: string;
  /** Instead of schema and mediaType: one schema per media type, when the request picks one. */
  content?: Record<string, z.ZodType>;
  headers?: z.ZodObject;
};

export type Operation = {
  method: Method;
  /** The OpenAPI path: `{id}` for Next's `[id]`, `{nextauth}` for `[...nextauth]`. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** Goes through lib/http/api-route.ts: the same-origin rule, the session or token, the JSON body. */
  wrapped: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: Body;
  answers: Partial<Record<number, Answer>>;
  /** The route's own refusals; the wrapper's and the 500 are added by errorsOf. */
  errors?: Partial<Record<ErrorStatus, ErrorCode[]>>;
};

const MUTATING: ReadonlySet<Method> = new Set(["post", "put", "patch", "delete"]);

/** Every error an operation can answer, by status: its own, the wrapper's, and the 500. */
export function errorsOf(operation: Operation): Partial<Record<ErrorStatus, ErrorCode[]>> {
  const errors: Partial<Record<ErrorStatus, ErrorCode[]>> = {};
  const add = (status: ErrorStatus, ...codes: ErrorCode[]) => {
    const known = errors[status] ?? [];
    errors[status] = [...known, ...codes.filter((code) => !known.includes(code))];
  };
  if (operation.wrapped) {
    if (operation.access === "session" || operation.access === "token") add(401, "unauthenticated");
    if (operation.access === "token") add(401, "invalid_token");
    // A token without the operation's scope, or any token on a session-only operation.
    if (operation.access === "session" || operation.access === "token") add(403, "insufficient_scope");
    if (MUTATING.has(operation.method)) add(403, "cross_origin");
    if (operation.body?.mediaType === undefined && operation.body) add(400, "invalid_json", "validation_failed");
    else if (MUTATING.has(operation.method) && !operation.body) add(400, "validation_failed");
  }
  for (const [status, codes] of Object.entries(operation.errors ?? {})) add(errorStatus(Number(status)), ...codes);
  add(500, "internal_error");
  return errors;
}

function errorStatus(status: number): ErrorStatus {
  const statuses: ErrorStatus[] = [400, 401, 402, 403, 404, 406, 409, 413, 422, 429, 500, 503];
  const known = statuses.find((candidate) => candidate === status);
  if (known === undefined) throw new Error(`${status} is not an error status`);
  return known;
}

const idParam = (what: string) => z.object({ id: z.string().meta({ description: `The ${what}'s id.` }) });

const highlightParams = z.object({
  id: z.string().meta({ description: "The link's id." }),
  hid: z.string().meta({ description: "The highlight's id." }),
});

const location = z.object({ Location: z.string().meta({ description: "Where the browser goes next." }) });
const pageHeaders = z.object({
  Link: z
    .string()
    .optional()
    .meta({ description: 'The next page: `<…>; rel="next"` (the same query with a cursor); absent on the last page.' }),
  "X-Day-Totals": z
    .string()
    .optional()
    .meta({ description: "Each day on the page with its full count: `2026-11-22=120,2026-11-21=3`." }),
});

// The three one-click links under each link of a digest (lib/digests/email-action-route.ts).
const EMAIL_ACTION_DESCRIPTION =
  "The signed token of the digest's link is the credential; no session or cookie is needed, and repeating it changes nothing more. The action's page posts it as a plain HTML form (`application/x-www-form-urlencoded`, field `token`), answered with a 303 back to the page.";

const linkPage = (what: string): Answer => ({
  description: `${what}, newest first, 50 at most (\`limit\` up to 50).`,
  schema: answers.linkListSchema,
  headers: pageHeaders,
});

export const OPERATIONS: Operation[] = [
  // Links
  {
    method: "post",
    path: "/api/links",
    tag: "links",
    summary: "Save a link",
    description:
      "The address is normalised (a missing scheme becomes https). Up to three categories; `categories` wins over `category`, and its first is the primary. The title and the article are fetched after the answer. The same address saved again on the same day in the caller's time zone is not saved twice: the answer is the link saved first (200, `alreadySaved: true`), given the new save's notes (added below its own) and categories (added, at most three). A repeated save never counts against the free plan's daily limit.",
    access: "token",
    wrapped: true,
    body: { schema: linkSchema.meta({ id: "LinkInput" }), required: true },
    answers: {
      201: { description: "Saved.", schema: answers.savedLinkSchema },
      200: { description: "Already saved today: that link.", schema: answers.savedLinkSchema },
    },
    errors: { 402: ["plan_limit"], 429: ["rate_limited"] },
  },
  {
    method: "get",
    path: "/api/links/today",
    tag: "links",
    summary: "List today's links",
    description: "The caller's links saved today in their time zone.",
    access: "token",
    wrapped: true,
    query: todayQuerySchema,
    answers: { 200: linkPage("Today's links") },
    errors: { 400: ["validation_failed"] },
  },
  {
    method: "get",
    path: "/api/links/back-today",
    tag: "links",
    summary: "List the links back today",
    description:
      "The caller's unread, unarchived links whose reminder day (`remindOn`) is today or earlier in their time zone, the earliest day first, 50 at most. A reminder is removed when a digest carrying the link is sent, or when the link is marked read, archived or its reminder removed.",
    access: "token",
    wrapped: true,
    answers: { 200: { description: "The links back today.", schema: answers.linkListSchema } },
  },
  {
    method: "get",
    path: "/api/links/history",
    tag: "links",
    summary: "List or search all links",
    description:
      "Every link of the caller; `q` searches titles, addresses, notes, categories and article text (every word, as a prefix).",
    access: "token",
    wrapped: true,
    query: historyQuerySchema,
    answers: { 200: linkPage("Links") },
    errors: { 400: ["validation_failed"] },
  },
  {
    method: "get",
    path: "/api/links/offline",
    tag: "links",
    summary: "What changed in the links kept offline",
    description:
      "The caller's newest `keep` unread links (50 to 500) that a device keeps for reading offline, as changes since the device's cursor `since`: only the buckets that differ, so a sync with nothing new answers the cursor alone. Without `since`, every bucket.",
    access: "token",
    wrapped: true,
    query: offlineSyncQuerySchema,
    answers: { 200: { description: "The changes.", schema: answers.offlineSyncSchema } },
    errors: { 400: ["validation_failed"] },
  },
  {
    method: "get",
    path: "/api/links/lookup",
    tag: "links",
    summary: "Find the caller's link to an address",
    description:
      "The address is normalised as a save normalises it; the newest of the caller's links to exactly that address, or `null`. The browser extension's badge asks it for the page in view.",
    access: "token",
    wrapped: true,
    query: linkLookupQuerySchema,
    answers: {
      200: {
        description: "The link, or null when the address is not in the stash.",
        schema: z.object({ link: answers.linkSchema.nullable() }),
      },
    },
    errors: { 400: ["validation_failed"] },
  },
  {
    method: "get",
    path: "/api/links/categories",
    tag: "links",
    summary: "List the categories on the caller's links",
    access: "token",
    wrapped: true,
    answers: { 200: { description: "Category names.", schema: answers.categoryNamesSchema } },
  },
  {
    method: "get",
    path: "/api/stats/reading",
    tag: "stats",
    summary: "Links saved and read per week",
    description:
      "The caller's last 12 weeks, Monday to Sunday in their time zone: the links saved in each and the links read in each.",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "Twelve weeks, oldest first.", schema: answers.readingStatsSchema } },
  },
  {
    method: "patch",
    path: "/api/links/{id}",
    tag: "links",
    summary: "Mark a link read or unread, set or remove its reminder, archive it",
    description:
      "Any of `read`, `remindOn` and `archived`. Marking a read link read again keeps its first read time. A reminder is for an unread link in the stash: setting one marks the link unread and takes it out of the archive; marking it read or archiving it removes the reminder. `remindOn` must be a calendar day from today (in the caller's time zone) to 5 years ahead.",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    body: { schema: linkUpdateSchema, required: true },
    answers: { 200: { description: "The link as it is now.", schema: answers.linkSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "delete",
    path: "/api/links/{id}",
    tag: "links",
    summary: "Delete a link",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    answers: { 200: { description: "Deleted.", schema: answers.successSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/api/links/{id}/article",
    tag: "links",
    summary: "Read a link's article",
    description:
      "`pending` until the page has been fetched (asking starts the fetch for a link that has none), then `ready` with the article or `unavailable` with the reason.",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    answers: { 200: { description: "The article, or where it stands.", schema: answers.articleSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/api/links/{id}/article",
    tag: "links",
    summary: "Fetch a link's article again",
    description: "The fetch runs after the answer; at most 10 per 10 minutes.",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    answers: { 202: { description: "The fetch is queued.", schema: answers.pendingArticleSchema } },
    errors: { 404: ["not_found"], 429: ["rate_limited"] },
  },
  {
    method: "post",
    path: "/api/links/{id}/article/anyway",
    tag: "links",
    summary: "Show a page's text anyway",
    description:
      "For a link whose article is `unavailable` because the page is `not an article`: the page is fetched again and its text extracted without that check, after the answer. Counted with the refetches (at most 10 per 10 minutes). Any other article state answers 409.",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    answers: { 202: { description: "The fetch is queued.", schema: answers.pendingArticleSchema } },
    errors: { 404: ["not_found"], 409: ["conflict"], 429: ["rate_limited"] },
  },
  {
    method: "get",
    path: "/api/links/{id}/highlights",
    tag: "links",
    summary: "List a link's highlights",
    description: "Every highlight of the link with its note, whether or not it is still found in the article's text.",
    access: "token",
    wrapped: true,
    params: idParam("link"),
    answers: { 200: { description: "The highlights.", schema: answers.highlightListSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/api/links/{id}/highlights",
    tag: "links",
    summary: "Highlight a passage of a link's article",
    description: `The passage as a W3C Web Annotation TextQuoteSelector (\`quote\`, \`prefix\`, \`suffix\`) and, optionally, a TextPositionSelector (\`start\`, \`end\`), with a note and a colour. A link holds at most ${MAX_HIGHLIGHTS_PER_LINK} highlights, an account ${MAX_HIGHLIGHTS_PER_USER.toLocaleString("en-US")}.`,
    access: "token",
    wrapped: true,
    params: idParam("link"),
    body: { schema: highlightCreateSchema, required: true },
    answers: { 201: { description: "Created.", schema: answers.highlightSchema } },
    errors: { 404: ["not_found"], 409: ["conflict"] },
  },
  {
    method: "patch",
    path: "/api/links/{id}/highlights/{hid}",
    tag: "links",
    summary: "Change a highlight's note or colour",
    access: "token",
    wrapped: true,
    params: highlightParams,
    body: { schema: highlightUpdateSchema, required: true },
    answers: { 200: { description: "The highlight as it is now.", schema: answers.highlightSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "delete",
    path: "/api/links/{id}/highlights/{hid}",
    tag: "links",
    summary: "Delete a highlight",
    access: "token",
    wrapped: true,
    params: highlightParams,
    answers: { 200: { description: "Deleted.", schema: answers.successSchema } },
    errors: { 404: ["not_found"] },
  },
  // Categories
  {
    method: "get",
    path: "/api/categories",
    tag: "categories",
    summary: "List the caller's own categories",
    description: "The ten built-in categories are fixed and not listed.",
    access: "token",
    wrapped: true,
    answers: { 200: { description: "Oldest first.", schema: z.array(answers.categorySchema) } },
  },
  {
    method: "post",
    path: "/api/categories",
    tag: "categories",
    summary: "Create a category",
    description: "Names are compared ignoring case, built-in names included.",
    access: "token",
    wrapped: true,
    body: { schema: categorySchema, required: true },
    answers: { 201: { description: "Created.", schema: answers.categorySchema } },
    errors: { 409: ["already_exists"], 429: ["rate_limited"] },
  },
  {
    method: "delete",
    path: "/api/categories/{id}",
    tag: "categories",
    summary: "Delete a category",
    description: "Links keep the name among their categories.",
    access: "token",
    wrapped: true,
    params: idParam("category"),
    answers: { 200: { description: "Deleted.", schema: answers.successSchema } },
    errors: { 404: ["not_found"] },
  },
  // Account
  {
    method: "get",
    path: "/api/auth/check",
    tag: "account",
    summary: "Whether the caller is signed in",
    access: "public",
    wrapped: true,
    answers: { 200: { description: "Signed in or not.", schema: answers.authCheckSchema } },
  },
  {
    method: "get",
    path: "/api/auth/user",
    tag: "account",
    summary: "The signed-in account",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The account.", schema: answers.userSchema } },
  },
  {
    method: "post",
    path: "/api/user/onboard",
    tag: "account",
    summary: "Finish onboarding",
    description: "Sets the digest hour and time zone; a new address is mailed a confirmation link first.",
    access: "session",
    wrapped: true,
    body: { schema: onboardRequestSchema, required: true },
    answers: { 200: { description: "Onboarded.", schema: answers.onboardedSchema } },
    errors: { 429: ["rate_limited"], 503: ["unavailable"] },
  },
  {
    method: "put",
    path: "/api/user/settings",
    tag: "account",
    summary: "Save the email preferences",
    description:
      "The digest's frequency, days, hours and time zone, and the address. Daily and custom schedules need Pro (or the trial); a new address is mailed a confirmation link first.",
    access: "session",
    wrapped: true,
    body: { schema: settingsRequestSchema, required: true },
    answers: { 200: { description: "The account as saved.", schema: answers.userSchema } },
    errors: { 403: ["plan_limit"], 429: ["rate_limited"], 503: ["unavailable"] },
  },
  {
    method: "post",
    path: "/api/user/email/confirm",
    tag: "account",
    summary: "Confirm a new email address",
    description: "With the token from the confirmation link; the caller's other sessions end.",
    access: "session",
    wrapped: true,
    body: { schema: emailChangeConfirmSchema, required: true },
    answers: { 200: { description: "The account with its new address.", schema: answers.userSchema } },
    errors: { 404: ["not_found"], 409: ["already_exists"] },
  },
  {
    method: "delete",
    path: "/api/user",
    tag: "account",
    summary: "Delete the account",
    description: "With every link, category, token and session; a running subscription is cancelled first.",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "Deleted.", schema: answers.successSchema } },
    errors: { 503: ["unavailable"] },
  },
  {
    method: "get",
    path: "/api/user/save-address",
    tag: "account",
    summary: "The caller's save-by-email address",
    description:
      "Made on the first request. Mail sent or forwarded to it is saved (its link, or a newsletter as an item). 404 when the server has no inbound email domain.",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The address and whose mail it saves.", schema: answers.saveAddressSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "put",
    path: "/api/user/save-address",
    tag: "account",
    summary: "Choose whose mail the save address saves",
    description: "Any sender, or only the account's own address (the default).",
    access: "session",
    wrapped: true,
    body: { schema: saveAddressSettingsSchema, required: true },
    answers: { 200: { description: "The address and the choice saved.", schema: answers.saveAddressSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/api/user/kindle",
    tag: "account",
    summary: "The caller's Send to Kindle settings",
    access: "session",
    wrapped: true,
    answers: {
      200: {
        description: "The Kindle address, the digest choice and the sender.",
        schema: answers.kindleSettingsAnswerSchema,
      },
    },
  },
  {
    method: "put",
    path: "/api/user/kindle",
    tag: "account",
    summary: "Set the caller's Kindle address",
    description:
      "A Send to Kindle address (@kindle.com, @free.kindle.com or @kindle.cn); empty or null removes it, and the digest's books with it.",
    access: "session",
    wrapped: true,
    body: { schema: kindleSettingsSchema, required: true },
    answers: { 200: { description: "The settings saved.", schema: answers.kindleSettingsAnswerSchema } },
    errors: { 400: ["validation_failed"] },
  },
  {
    method: "post",
    path: "/api/user/save-address/regenerate",
    tag: "account",
    summary: "Replace the save address",
    description: "The old address stops working at once: mail to it is refused as to an unknown address.",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The new address.", schema: answers.saveAddressSchema } },
    errors: { 404: ["not_found"] },
  },
  // Tokens
  {
    method: "get",
    path: "/api/tokens",
    tag: "tokens",
    summary: "List the working API tokens",
    description: "Never the secrets.",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "Newest first.", schema: z.array(answers.apiTokenSchema) } },
  },
  {
    method: "post",
    path: "/api/tokens",
    tag: "tokens",
    summary: "Create an API token",
    description: "The secret is in this answer only. At most 20 working tokens.",
    access: "session",
    wrapped: true,
    body: { schema: apiTokenSchema, required: true },
    answers: { 201: { description: "Created.", schema: answers.createdApiTokenSchema } },
    errors: { 409: ["token_limit"] },
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    tag: "tokens",
    summary: "Revoke an API token",
    description: "It stops working at once.",
    access: "session",
    wrapped: true,
    params: idParam("token"),
    answers: { 200: { description: "Revoked.", schema: answers.successSchema } },
    errors: { 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/api/extension/connect",
    tag: "tokens",
    summary: "Connect the browser extension",
    description:
      'The connect page\'s button. Creates a token named after the browser ("Browser extension (Chromium)" or "(Firefox)") and answers the extension\'s receiving page with the secret in its fragment. `redirectUrl` must be exactly `chrome-extension://<id>/connected.html` or `moz-extension://<uuid>/connected.html`. At most 20 working tokens.',
    access: "session",
    wrapped: true,
    body: { schema: extensionConnectSchema, required: true },
    answers: {
      201: {
        description: "Created; the browser goes to `redirectUrl`.",
        schema: z.object({ redirectUrl: z.string() }),
      },
    },
    errors: { 409: ["token_limit"] },
  },
  // Invitations
  {
    method: "get",
    path: "/api/invitations",
    tag: "invitations",
    summary: "List the caller's invitations",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The invitations and how many are left.", schema: answers.invitationsSchema } },
  },
  {
    method: "post",
    path: "/api/invitations",
    tag: "invitations",
    summary: "Create an invitation",
    description: "Emailed when `recipientEmail` is given; without a body, the link is for sharing by hand.",
    access: "session",
    wrapped: true,
    body: { schema: createInvitationSchema, required: false },
    answers: { 201: { description: "Created.", schema: answers.createdInvitationSchema } },
    errors: { 402: ["plan_limit"], 429: ["rate_limited"] },
  },
  {
    method: "get",
    path: "/api/invitations/{idOrCode}",
    tag: "invitations",
    summary: "Whether an invitation code can be claimed",
    access: "public",
    wrapped: true,
    params: z.object({ idOrCode: z.string().meta({ description: "The invitation's code." }) }),
    answers: { 200: { description: "Valid or not, in words.", schema: answers.invitationCheckSchema } },
  },
  {
    method: "delete",
    path: "/api/invitations/{idOrCode}",
    tag: "invitations",
    summary: "Delete an unclaimed invitation",
    access: "session",
    wrapped: true,
    params: z.object({ idOrCode: z.string().meta({ description: "The invitation's id." }) }),
    answers: { 200: { description: "Deleted; the invite is available again.", schema: answers.successSchema } },
    errors: { 404: ["not_found"], 409: ["conflict"] },
  },
  {
    method: "post",
    path: "/api/invitations/{idOrCode}/claim",
    tag: "invitations",
    summary: "Claim an invitation",
    description: "One claim per account and per mailbox, never one's own.",
    access: "session",
    wrapped: true,
    params: z.object({ idOrCode: z.string().meta({ description: "The invitation's code." }) }),
    answers: { 200: { description: "Claimed.", schema: answers.messageSchema } },
    errors: { 403: ["forbidden"], 404: ["not_found"], 409: ["already_claimed"] },
  },
  // Billing
  {
    method: "get",
    path: "/api/subscription",
    tag: "billing",
    summary: "The caller's plan",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The plan and its dates.", schema: answers.subscriptionSchema } },
  },
  {
    method: "post",
    path: "/api/subscriptions/create-checkout-session",
    tag: "billing",
    summary: "Start a Stripe checkout for Pro",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The checkout page.", schema: answers.checkoutSchema } },
    errors: { 409: ["conflict"], 503: ["unavailable"] },
  },
  {
    method: "get",
    path: "/api/subscriptions/verify-session",
    tag: "billing",
    summary: "Confirm a paid checkout",
    description: "Stripe's return address carries the session id; the subscription is applied at once.",
    access: "session",
    wrapped: true,
    query: verifySessionQuerySchema,
    answers: { 200: { description: "Pro is on.", schema: answers.successSchema } },
    errors: { 400: ["validation_failed"], 404: ["not_found"], 409: ["conflict"], 503: ["unavailable"] },
  },
  {
    method: "post",
    path: "/api/billing/portal",
    tag: "billing",
    summary: "Open Stripe's billing portal",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "The portal page.", schema: answers.redirectUrlSchema } },
    errors: { 409: ["conflict"], 503: ["unavailable"] },
  },
  // Digests
  {
    method: "post",
    path: "/api/digest/send-now",
    tag: "digests",
    summary: "Email today's unread links now",
    access: "session",
    wrapped: true,
    answers: { 200: { description: "Sent, or why not.", schema: answers.sendNowSchema } },
    errors: { 429: ["rate_limited"], 503: ["unavailable"] },
  },
  {
    method: "post",
    path: "/api/mark-read",
    tag: "digests",
    summary: "Mark a link read from a digest",
    description: EMAIL_ACTION_DESCRIPTION,
    access: "public",
    wrapped: true,
    body: { schema: emailActionSchema, required: true },
    answers: {
      200: { description: "Marked read (the first time kept).", schema: answers.successSchema },
      303: { description: "The page's form: back to the action's page, which shows the outcome.", headers: location },
    },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/api/snooze",
    tag: "digests",
    summary: "Snooze a link a week from a digest",
    description: EMAIL_ACTION_DESCRIPTION,
    access: "public",
    wrapped: true,
    body: { schema: emailActionSchema, required: true },
    answers: {
      200: {
        description: "Snoozed: the link comes back on its owner's local day a week from today.",
        schema: answers.successSchema,
      },
      303: { description: "The page's form: back to the action's page, which shows the outcome.", headers: location },
    },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/api/not-interested",
    tag: "digests",
    summary: 'Set a link aside from a digest ("Not interested")',
    description: EMAIL_ACTION_DESCRIPTION,
    access: "public",
    wrapped: true,
    body: { schema: emailActionSchema, required: true },
    answers: {
      200: {
        description: "Set aside: kept in the history, never brought back by a digest.",
        schema: answers.successSchema,
      },
      303: { description: "The page's form: back to the action's page, which shows the outcome.", headers: location },
    },
    errors: { 400: ["invalid_signature"], 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/api/unsubscribe",
    tag: "digests",
    summary: "Open an unsubscribe link",
    description: "Changes nothing: it leads to the confirmation page.",
    access: "public",
    wrapped: false,
    query: z.object({ token: z.string().optional().meta({ description: "The signed token of the link." }) }),
    answers: { 303: { description: "To the confirmation page.", headers: location } },
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
  {
    method: "post",
    path: "/api/import",
    tag: "import and export",
    summary: "Import links from a file",
    description:
      "The file is the request body (LinkStash JSON or CSV, Pocket, Raindrop, Instapaper, a browser's bookmarks, or a ZIP of CSVs), read as it arrives. The answer streams one JSON line per batch, then the summary.",
    access: "session",
    wrapped: true,
    query: z.object({
      filename: z.string().optional().meta({ description: "The file's name: its extension helps tell the format." }),
    }),
    body: {
      schema: z.string().meta({ format: "binary", description: "The file's bytes, of any Content-Type." }),
      mediaType: "*/*",
      required: true,
    },
    answers: {
      200: {
        description: "Progress lines, then the summary.",
        schema: answers.importLineSchema,
        mediaType: "application/x-ndjson",
      },
    },
    errors: {
      400: ["validation_failed"],
      413: ["payload_too_large"],
      422: ["import_limit"],
      429: ["rate_limited"],
    },
  },
  {
    method: "get",
    path: "/api/export",
    tag: "import and export",
    summary: "Download every link, or a book of some",
    description:
      "As an attachment named by today's date; json, csv and html hold every link and import back into the same links. epub is an EPUB 3 book of the articles (at most 500 links, newest first, with their images): one link (`link`), or the links History's filters select (`category`, `q`, `unread`; none: every link). At most 30 books an hour.",
    access: "session",
    wrapped: true,
    query: z.object({
      format: z
        .enum([...EXPORT_FORMATS, "epub"])
        .meta({ description: "LinkStash JSON, CSV, bookmarks HTML, or an EPUB book." }),
      link: z.string().optional().meta({ description: "epub only: the one link the book holds." }),
      category: z.string().optional().meta({ description: "epub only: links in this category (any case)." }),
      q: z.string().optional().meta({ description: "epub only: links matching these words, as History searches." }),
      unread: z.enum(["1", "true", "0", "false"]).optional().meta({ description: "epub only: unread links only." }),
    }),
    answers: {
      200: {
        description: "The file.",
        content: {
          "application/json": answers.exportJsonSchema,
          "text/csv": z.string().meta({ description: "LinkStash CSV, one link a row." }),
          "text/html": z.string().meta({ description: "A Netscape bookmark file, as browsers export." }),
          "application/epub+zip": z.string().meta({ description: "An EPUB 3 book.", format: "binary" }),
        },
      },
    },
    errors: { 400: ["validation_failed"], 404: ["not_found"], 429: ["rate_limited"] },
  },
  {
    method: "post",
    path: "/api/export/kindle",
    tag: "import and export",
    summary: "Send a book to the caller's Kindle",
    description:
      "The book GET /api/export?format=epub makes for the same `link` or filters, mailed as an attachment to the Kindle address in Settings. A book over 25 MB is not sent (413). At most 10 a day.",
    access: "session",
    wrapped: true,
    body: { schema: kindleSendSchema, required: true },
    answers: { 200: { description: "Mailed.", schema: answers.kindleSentSchema } },
    errors: {
      400: ["validation_failed"],
      404: ["not_found"],
      409: ["conflict"],
      413: ["payload_too_large"],
      429: ["rate_limited"],
      503: ["unavailable"],
    },
  },
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
    answers: { 303: { description: "To the sign-in page.", headers: location } },
  },
  {
    method: "get",
    path: "/api/logout",
    tag: "sign-in",
    summary: "Sign out (the menu's link)",
    description: "Only as the user's own navigation; another site's link leads to the sign-out page instead.",
    access: "public",
    wrapped: false,
    answers: { 303: { description: "Signed out, to the landing page (or to the sign-out page).", headers: location } },
    errors: { 403: ["cross_origin"] },
  },
  {
    method: "post",
    path: "/api/logout",
    tag: "sign-in",
    summary: "Sign out (the sign-out page's form)",
    access: "public",
    wrapped: false,
    answers: { 303: { description: "Signed out, to the landing page.", headers: location } },
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
      302: { description: "A redirect.", headers: location },
      303: { description: "A sign-in link opened: to its confirmation page.", headers: location },
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
      302: { description: "A redirect.", headers: location },
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
