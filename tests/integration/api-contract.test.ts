import { randomBytes } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmailAction } from "@/lib/digests/email-actions";
import type { Category, Highlight, Invitation, Link, User } from "@/lib/generated/prisma/client";
import { encodeAddressKey } from "@/lib/inbound-mail/save-address-rules";
import type { RouteMethod, RouteParams } from "@/tests/security/route-inventory";

// The API contract: every operation of the OpenAPI document (GET /api/openapi.json) is called
// through the real route handler at least once with a success and, where one can happen, with an
// error: signed out, with the owner's session, with a personal token where the operation takes one,
// with a revoked token, from another site. Each answer's status must be documented for its
// operation, its documented headers present, its Content-Type documented, and its body valid
// against the documented schema (JSON Schema 2020-12, the document's own components); an error body
// carries a code of lib/http/error-codes.ts.

const CRON_SECRET = "cron-secret-for-the-contract";
const MAILGUN_KEY = "mailgun-key-for-the-contract";
const fake = await vi.hoisted(async () => {
  process.env.CRON_SECRET = "cron-secret-for-the-contract";
  // Save by email on, with Mailgun's webhook.
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-key-for-the-contract";
  // Billing on against the local Stripe fake: the billing operations answer for real.
  return (await import("@/tests/support/stripe-billing")).startBillingFake();
});

const { apiDocument, OPERATIONS } = await import("@/lib/api-docs/document");
const { createApiToken } = await import("@/lib/auth/api-tokens");
const { createAppPassword } = await import("@/lib/app-passwords/service");
const { feedAddresses, feedResponse } = await import("@/lib/feeds/service");
const { WALLABAG_OPERATIONS } = await import("@/lib/wallabag/contract");
const { PERSONAL_TOKEN_SCOPES } = await import("@/lib/auth/token-scopes");
const { getDb } = await import("@/lib/db/client");
const { emailActionToken } = await import("@/lib/digests/email-actions");
const { saveFeedItemToken } = await import("@/lib/digests/save-feed-item-token");
const { unsubscribeToken } = await import("@/lib/digests/unsubscribe");
const { isErrorCode } = await import("@/lib/http/error-codes");
const { healthRoute } = await import("@/lib/health/health-route");
const { operationsOfHandler } = await import("@/lib/http/operation-route");
const { ORIGIN, signedInUser } = await import("@/tests/support/factories");
const { captureErrorLog, closedPort } = await import("@/tests/support/error-log");
const { fillPattern, joinOperations, loadRouteInventory } = await import("@/tests/security/route-inventory");
const { callRoute, jsonRequest, rawRequest, setCookiePair } = await import("@/tests/security/route-call");
const { mailgunInboundForm } = await import("@/tests/fakes/mailgun-inbound");
const { plainMail } = await import("@/tests/support/inbound-mail");

afterAll(() => fake.close());

const DAY = 86_400_000;
const document = apiDocument();

type World = {
  owner: User;
  cookie: string;
  stranger: User;
  strangerCookie: string;
  tag: string;
  link: Link;
  highlight: Highlight;
  category: Category;
  invitation: Invitation;
  token: string;
  tokenId: string;
  revokedToken: string;
  /** The owner's subscription to a feed read before (no network), and another such feed's address. */
  subscriptionId: string;
  feedUrl: string;
  otherFeedUrl: string;
  /** An item of that feed owed to the owner's digest. */
  feedItemId: string;
};

async function newWorld(): Promise<World> {
  const db = getDb();
  const tag = `c${randomBytes(5).toString("hex")}`;
  const { user: owner, cookie } = await signedInUser();
  const { user: stranger, cookie: strangerCookie } = await signedInUser();
  const link = await db.link.create({ data: { userId: owner.id, url: `https://example.test/${tag}` } });
  const highlight = await db.highlight.create({
    data: { userId: owner.id, linkId: link.id, quote: `A passage ${tag}`, prefix: "Before ", suffix: " after" },
  });
  const category = await db.category.create({ data: { userId: owner.id, name: `Own ${tag}`, nameKey: `own ${tag}` } });
  const invitation = await db.invitation.create({
    data: { inviterId: owner.id, code: randomBytes(12).toString("base64url") },
  });
  const token = await createApiToken(owner, "Contract", PERSONAL_TOKEN_SCOPES);
  const revoked = await createApiToken(owner, "Revoked", PERSONAL_TOKEN_SCOPES);
  await db.apiToken.update({ where: { id: revoked.token.id }, data: { revokedAt: new Date() } });
  // Feeds read before: subscribing shares them without a read. Reserved names: a check is refused at once.
  const feedUrl = `https://feeds.example/${tag}.xml`;
  const otherFeedUrl = `https://feeds.example/${tag}-other.xml`;
  const [feed] = await Promise.all(
    [feedUrl, otherFeedUrl].map((url) => db.feedSource.create({ data: { url, title: tag, succeededAt: new Date() } })),
  );
  const subscription = await db.subscription.create({
    data: { userId: owner.id, sourceId: feed?.id ?? "", primedAt: new Date() },
  });
  const feedItem = await db.feedItem.create({
    data: { sourceId: subscription.sourceId, guid: tag, url: `https://feeds.example/${tag}/post`, title: "A post" },
  });
  await db.feedDelivery.create({
    data: { subscriptionId: subscription.id, itemId: feedItem.id, userId: owner.id, into: "digest" },
  });
  return {
    owner,
    cookie,
    stranger,
    strangerCookie,
    tag,
    link,
    highlight,
    category,
    invitation,
    token: token.secret,
    tokenId: token.token.id,
    revokedToken: revoked.secret,
    subscriptionId: subscription.id,
    feedUrl,
    otherFeedUrl,
    feedItemId: feedItem.id,
  };
}

/**
 * How a case calls: the owner's session (the default), nobody's, the owner's personal token alone
 * (no cookie, no Origin), or the owner's revoked token beside the session.
 */
type Actor = "session" | "signed out" | "token" | "revoked token";

type Call = {
  params?: RouteParams;
  query?: string;
  json?: unknown;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The Origin header: this site's on a mutation unless said; null sends none. */
  origin?: string | null;
  /** A session of someone else instead of the owner's (as the actor "session"). */
  cookie?: string;
};

type Case = {
  label: string;
  status: number;
  as?: Actor;
  call?: (world: World) => Call | Promise<Call>;
  /** A response got another way than through the route's handler (the health check's own database). */
  answer?: () => Promise<Response>;
};

type Scenario = {
  /** The first is the operation's success; the token and cross-site cases repeat its call. */
  cases: Case[];
  /** Why the operation has no error case (none can happen from outside, short of a 500). */
  noErrorCase?: string;
  /** Why the operation has no success: it only ever refuses (a method kept for a clear 405). */
  noSuccessCase?: string;
  /** False where another site's Origin is refused only for some of what the route does (next-auth's callback). */
  crossSite?: false;
};

const checkout = async (world: World) => {
  const route = await routeFor("POST", "/api/subscriptions/create-checkout-session");
  const res = await send(route, {}, "session", world);
  const { url }: { url: string } = await res.json();
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(url)?.[1];
  if (!sessionId) throw new Error(`not a checkout url: ${url}`);
  fake.setWebhookTarget(undefined);
  const { subscription, event } = await fake.completeCheckout(sessionId);
  return { sessionId, subscription, event: JSON.stringify(event) };
};

/** A digest's one-click link (mark-read, snooze, not-interested): JSON or the page's plain form. */
const emailActionCases = (action: EmailAction): Scenario => ({
  cases: [
    {
      label: "the digest's token",
      status: 200,
      as: "signed out",
      call: (w) => ({ json: { token: emailActionToken(action, w.link.id, w.owner.id) } }),
    },
    {
      label: "the page's form",
      status: 303,
      as: "signed out",
      call: (w) => form({ token: emailActionToken(action, w.link.id, w.owner.id) }),
    },
    { label: "a forged token", status: 400, as: "signed out", call: () => ({ json: { token: "garbage" } }) },
    { label: "no token", status: 400, as: "signed out", call: () => ({ json: {} }) },
    {
      label: "a link its token's user does not own",
      status: 404,
      as: "signed out",
      call: (w) => ({ json: { token: emailActionToken(action, w.link.id, w.stranger.id) } }),
    },
  ],
});

const freeUserPastTrial = () => signedInUser({ trialEndsAt: new Date(Date.now() - DAY) });

async function csrf(world: World): Promise<{ csrfToken: string; cookie: string }> {
  const route = await routeFor("GET", "/api/auth/{nextauth}");
  const res = await callRoute(route, rawRequest({ method: "GET", path: "/api/auth/csrf" }), { nextauth: ["csrf"] });
  const { csrfToken }: { csrfToken: string } = await res.json();
  const cookie = setCookiePair(res, "next-auth.csrf-token");
  if (!cookie) throw new Error(`no csrf cookie for ${world.tag}`);
  return { csrfToken, cookie };
}

const form = (fields: Record<string, string>) => ({
  contentType: "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields).toString(),
});

/** Mailgun's post of a link mail to `recipient` from the owner, as multipart/form-data. */
async function mailgunPost(world: World, recipient: string, signature?: string) {
  const bodyMime = plainMail({
    from: world.owner.email,
    to: recipient,
    subject: "A link",
    text: `https://example.test/${world.tag}-mail`,
  });
  const { form } = mailgunInboundForm({
    signingKey: MAILGUN_KEY,
    recipient,
    sender: world.owner.email,
    bodyMime,
    signature,
  });
  const encoded = new Response(form);
  return { body: await encoded.text(), contentType: encoded.headers.get("content-type") ?? "", origin: null };
}

/** Gives the owner a save address of its own (random, as the app makes them: keys are unique); its key. */
async function ownerAddress(world: World): Promise<string> {
  const key = encodeAddressKey(randomBytes(16));
  await getDb().user.update({ where: { id: world.owner.id }, data: { saveAddressKey: key } });
  return `${key}@save.linkstash.test`;
}

const SCENARIOS: Record<string, Scenario> = {
  "GET /api/user/save-address": { cases: [{ label: "the address", status: 200 }] },
  "PUT /api/user/save-address": {
    cases: [
      { label: "any sender", status: 200, call: () => ({ json: { fromAnySender: true } }) },
      { label: "not a boolean", status: 400, call: () => ({ json: { fromAnySender: "yes" } }) },
    ],
  },
  "POST /api/user/save-address/regenerate": { cases: [{ label: "a new address", status: 200 }] },
  "GET /api/user/kindle": { cases: [{ label: "the settings", status: 200 }] },
  "PUT /api/user/kindle": {
    cases: [
      { label: "a Kindle address", status: 200, call: () => ({ json: { kindleEmail: "contract@kindle.com" } }) },
      { label: "another address", status: 400, call: () => ({ json: { kindleEmail: "contract@example.com" } }) },
    ],
  },
  "POST /api/export/kindle": {
    cases: [
      {
        label: "a link's book mailed",
        status: 200,
        call: async (w) => {
          await getDb().user.update({ where: { id: w.owner.id }, data: { kindleEmail: "contract-book@kindle.com" } });
          return { json: { link: w.link.id } };
        },
      },
      {
        label: "no Kindle address",
        status: 409,
        call: async (w) => {
          await getDb().user.update({ where: { id: w.owner.id }, data: { kindleEmail: null } });
          return { json: { link: w.link.id } };
        },
      },
      { label: "a field it does not take", status: 400, call: () => ({ json: { to: "someone@example.com" } }) },
    ],
  },
  "POST /api/inbound/mailgun/mime": {
    cases: [
      {
        label: "a signed mail",
        status: 200,
        as: "signed out",
        call: async (w) => mailgunPost(w, await ownerAddress(w)),
      },
      {
        label: "a forged signature",
        status: 401,
        as: "signed out",
        call: async (w) => mailgunPost(w, await ownerAddress(w), "0".repeat(64)),
      },
      {
        label: "an unknown address",
        status: 406,
        as: "signed out",
        call: (w) => mailgunPost(w, "zzzzzzzzzzzzzzzzzzzzzzzzzz@save.linkstash.test"),
      },
    ],
  },
  "POST /api/links": {
    cases: [
      {
        label: "saves",
        status: 201,
        // A new address each call: the same one again the same day is the link saved first (200).
        call: (w) => ({
          json: { url: `example.test/${w.tag}/${randomBytes(4).toString("hex")}`, categories: ["News"] },
        }),
      },
      {
        label: "already saved today",
        status: 200,
        call: async (w) => {
          const first = { url: `example.test/${w.tag}/again` };
          const route = await routeFor("POST", "/api/links");
          expect((await send(route, { json: first }, "session", w)).status).toBe(201);
          return { json: first };
        },
      },
      { label: "an empty address", status: 400, call: () => ({ json: { url: "" } }) },
      { label: "not JSON", status: 400, call: () => ({ body: "{", contentType: "application/json" }) },
      {
        label: "the free plan's daily limit",
        status: 402,
        call: async (w) => {
          const { user, cookie } = await freeUserPastTrial();
          await getDb().link.create({ data: { userId: user.id, url: `https://example.test/${w.tag}/today` } });
          return { cookie, json: { url: `example.test/${w.tag}/more` } };
        },
      },
    ],
  },
  "GET /api/links/today": {
    cases: [
      { label: "lists", status: 200, call: () => ({ query: "?limit=1" }) },
      { label: "a limit past 50", status: 400, call: () => ({ query: "?limit=51" }) },
    ],
  },
  "GET /api/links/back-today": {
    cases: [
      {
        label: "lists",
        status: 200,
        call: async (w) => {
          await getDb().link.update({ where: { id: w.link.id }, data: { remindOn: new Date(Date.now() - 2 * DAY) } });
          return {};
        },
      },
    ],
  },
  "GET /api/links/history": {
    cases: [
      { label: "searches", status: 200, call: (w) => ({ query: `?q=${w.tag}&unread=1` }) },
      { label: "an unknown filter value", status: 400, call: () => ({ query: "?unread=maybe" }) },
    ],
  },
  "GET /api/links/categories": { cases: [{ label: "lists", status: 200 }] },
  "GET /api/links/lookup": {
    cases: [
      { label: "finds a saved link", status: 200, call: (w) => ({ query: `?url=${encodeURIComponent(w.link.url)}` }) },
      { label: "an address not saved", status: 200, call: () => ({ query: "?url=unsaved.example%2Fpage" }) },
      { label: "no address", status: 400, call: () => ({ query: "" }) },
    ],
  },
  "GET /api/links/offline": {
    cases: [
      { label: "the links to keep, from no cursor", status: 200, call: () => ({ query: "?keep=50" }) },
      { label: "more than 500 to keep", status: 400, call: () => ({ query: "?keep=501" }) },
    ],
  },
  "GET /api/stats/reading": { cases: [{ label: "counts", status: 200 }] },
  "PATCH /api/links/{id}": {
    cases: [
      { label: "marks read", status: 200, call: (w) => ({ params: { id: w.link.id }, json: { read: true } }) },
      { label: "a body without read", status: 400, call: (w) => ({ params: { id: w.link.id }, json: {} }) },
      {
        label: "sets a reminder",
        status: 200,
        call: (w) => ({
          params: { id: w.link.id },
          json: { remindOn: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10) },
        }),
      },
      {
        label: "a past reminder day",
        status: 400,
        call: (w) => ({ params: { id: w.link.id }, json: { remindOn: "2020-01-01" } }),
      },
      { label: "archives", status: 200, call: (w) => ({ params: { id: w.link.id }, json: { archived: true } }) },
      {
        label: "another user's link",
        status: 404,
        call: (w) => ({ params: { id: w.link.id }, cookie: w.strangerCookie, json: { read: true } }),
      },
    ],
  },
  "DELETE /api/links/{id}": {
    cases: [
      { label: "deletes", status: 200, call: (w) => ({ params: { id: w.link.id } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-link" } }) },
      { label: "a body", status: 400, call: (w) => ({ params: { id: w.link.id }, json: { force: true } }) },
    ],
  },
  "GET /api/links/{id}/article": {
    cases: [
      { label: "pending", status: 200, call: (w) => ({ params: { id: w.link.id } }) },
      {
        label: "another user's link",
        status: 404,
        call: (w) => ({ params: { id: w.link.id }, cookie: w.strangerCookie }),
      },
    ],
  },
  "POST /api/links/{id}/article": {
    cases: [
      { label: "queues a fetch", status: 202, call: (w) => ({ params: { id: w.link.id } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-link" } }) },
      {
        label: "past the limit of 10 in 10 minutes",
        status: 429,
        call: async (w) => {
          const route = await routeFor("POST", "/api/links/{id}/article");
          for (let i = 0; i < 10; i += 1)
            expect((await send(route, { params: { id: w.link.id } }, "session", w)).status).toBe(202);
          return { params: { id: w.link.id } };
        },
      },
    ],
  },
  "POST /api/links/{id}/article/anyway": {
    cases: [
      {
        label: "queues the text of a page that is not an article",
        status: 202,
        call: async (w) => {
          await getDb().article.create({
            data: { linkId: w.link.id, userId: w.link.userId, status: "unavailable", reason: "not an article" },
          });
          return { params: { id: w.link.id } };
        },
      },
      { label: "a link whose article is not refused", status: 409, call: (w) => ({ params: { id: w.link.id } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-link" } }) },
    ],
  },
  "GET /api/links/{id}/highlights": {
    cases: [
      { label: "lists", status: 200, call: (w) => ({ params: { id: w.link.id } }) },
      {
        label: "another user's link",
        status: 404,
        call: (w) => ({ params: { id: w.link.id }, cookie: w.strangerCookie }),
      },
    ],
  },
  "POST /api/links/{id}/highlights": {
    cases: [
      {
        label: "highlights",
        status: 201,
        call: (w) => ({
          params: { id: w.link.id },
          json: { quote: "a passage", prefix: "Just ", suffix: " here", start: 5, end: 14, note: "Why", color: "blue" },
        }),
      },
      { label: "no quote", status: 400, call: (w) => ({ params: { id: w.link.id }, json: { note: "x" } }) },
      {
        label: "another user's link",
        status: 404,
        call: (w) => ({ params: { id: w.link.id }, cookie: w.strangerCookie, json: { quote: "a passage" } }),
      },
      {
        label: "past the link's cap",
        status: 409,
        call: async (w) => {
          await getDb().highlight.createMany({
            data: Array.from({ length: 200 }, (_, i) => ({ userId: w.owner.id, linkId: w.link.id, quote: `q${i}` })),
          });
          return { params: { id: w.link.id }, json: { quote: "one more" } };
        },
      },
    ],
  },
  "PATCH /api/links/{id}/highlights/{hid}": {
    cases: [
      {
        label: "changes the note and colour",
        status: 200,
        call: (w) => ({ params: { id: w.link.id, hid: w.highlight.id }, json: { note: "Changed", color: "pink" } }),
      },
      {
        label: "an unknown colour",
        status: 400,
        call: (w) => ({ params: { id: w.link.id, hid: w.highlight.id }, json: { color: "red" } }),
      },
      {
        label: "another user's highlight",
        status: 404,
        call: (w) => ({ params: { id: w.link.id, hid: w.highlight.id }, cookie: w.strangerCookie, json: { note: "" } }),
      },
    ],
  },
  "DELETE /api/links/{id}/highlights/{hid}": {
    cases: [
      { label: "deletes", status: 200, call: (w) => ({ params: { id: w.link.id, hid: w.highlight.id } }) },
      { label: "an unknown id", status: 404, call: (w) => ({ params: { id: w.link.id, hid: "no-such-highlight" } }) },
    ],
  },
  "GET /api/categories": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/categories": {
    cases: [
      { label: "creates", status: 201, call: (w) => ({ json: { name: `New ${w.tag}` } }) },
      { label: "a built-in name", status: 409, call: () => ({ json: { name: "news" } }) },
      { label: "a blank name", status: 400, call: () => ({ json: { name: " " } }) },
    ],
  },
  "DELETE /api/categories/{id}": {
    cases: [
      { label: "deletes", status: 200, call: (w) => ({ params: { id: w.category.id } }) },
      {
        label: "another user's category",
        status: 404,
        call: (w) => ({ params: { id: w.category.id }, cookie: w.strangerCookie }),
      },
    ],
  },
  "GET /api/auth/check": {
    cases: [
      { label: "signed in", status: 200 },
      { label: "signed out", status: 200, as: "signed out" },
    ],
    noErrorCase: "anyone may ask; it has nothing to refuse",
  },
  "GET /api/auth/user": { cases: [{ label: "the account", status: 200 }] },
  "POST /api/user/onboard": {
    cases: [
      {
        label: "onboards",
        status: 200,
        call: (w) => ({ json: { email: w.owner.email, emailTime: 21, timezone: "Asia/Tokyo" } }),
      },
      { label: "an hour of 24", status: 400, call: (w) => ({ json: { email: w.owner.email, emailTime: 24 } }) },
    ],
  },
  "PUT /api/user/settings": {
    cases: [
      {
        label: "saves",
        status: 200,
        call: (w) => ({
          json: { email: w.owner.email, emailFrequency: "weekly", emailDays: [2], emailHours: { "2": 7 } },
        }),
      },
      { label: "no frequency", status: 400, call: (w) => ({ json: { email: w.owner.email } }) },
      {
        label: "a Pro schedule on the free plan",
        status: 403,
        call: async () => {
          const { user, cookie } = await freeUserPastTrial();
          return { cookie, json: { email: user.email, emailFrequency: "daily", emailTime: 8 } };
        },
      },
    ],
  },
  "POST /api/user/email/confirm": {
    cases: [
      {
        label: "confirms",
        status: 200,
        call: async (w) => {
          const wanted = `new-${w.tag}@example.com`;
          const put = await send(
            await routeFor("PUT", "/api/user/settings"),
            { json: { email: wanted, emailFrequency: "none" } },
            "session",
            w,
          );
          expect(put.status).toBe(200);
          const [message] = await getDb().mailboxMessage.findMany({ where: { to: wanted } });
          const token = /confirm-email\?token=([\w-]+)/.exec(message?.text ?? "")?.[1];
          if (!token) throw new Error("no confirmation link");
          return { json: { token } };
        },
      },
      { label: "a token nobody was sent", status: 404, call: () => ({ json: { token: "not-a-token" } }) },
    ],
  },
  "DELETE /api/user": {
    cases: [
      { label: "deletes", status: 200 },
      { label: "a body", status: 400, call: () => ({ json: { confirm: true } }) },
    ],
  },
  "GET /api/tokens": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/tokens": {
    cases: [
      { label: "creates", status: 201, call: (w) => ({ json: { name: `Script ${w.tag}` } }) },
      { label: "no name", status: 400, call: () => ({ json: { name: "" } }) },
    ],
  },
  "DELETE /api/tokens/{id}": {
    cases: [
      { label: "revokes", status: 200, call: (w) => ({ params: { id: w.tokenId } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-token" } }) },
    ],
  },
  "GET /api/feeds": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/feeds": {
    cases: [
      { label: "subscribes", status: 201, call: (w) => ({ json: { url: w.otherFeedUrl, category: "News" } }) },
      { label: "already subscribed", status: 200, call: (w) => ({ json: { url: w.feedUrl } }) },
      { label: "no feed there", status: 400, call: () => ({ json: { url: "https://nothing.invalid/feed" } }) },
      { label: "no address", status: 400, call: () => ({ json: {} }) },
    ],
  },
  "PATCH /api/feeds/{id}": {
    cases: [
      { label: "changes", status: 200, call: (w) => ({ params: { id: w.subscriptionId }, json: { into: "digest" } }) },
      { label: "nothing to change", status: 400, call: (w) => ({ params: { id: w.subscriptionId }, json: {} }) },
      {
        label: "another user's",
        status: 404,
        call: (w) => ({ params: { id: w.subscriptionId }, json: { into: "digest" }, cookie: w.strangerCookie }),
      },
    ],
  },
  "DELETE /api/feeds/{id}": {
    cases: [
      { label: "unsubscribes", status: 200, call: (w) => ({ params: { id: w.subscriptionId } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-subscription" } }) },
    ],
  },
  "POST /api/feeds/{id}/refresh": {
    cases: [
      { label: "checks", status: 200, call: (w) => ({ params: { id: w.subscriptionId } }) },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-subscription" } }) },
    ],
  },
  "GET /api/feed-items": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/feed-items/{id}/save": {
    cases: [
      { label: "saves", status: 201, call: (w) => ({ params: { id: w.feedItemId } }) },
      {
        label: "another user's item",
        status: 404,
        call: (w) => ({ params: { id: w.feedItemId }, cookie: w.strangerCookie }),
      },
    ],
  },
  "POST /api/save-feed-item": {
    cases: [
      {
        label: "the digest's token",
        status: 200,
        as: "signed out",
        call: (w) => ({ json: { token: saveFeedItemToken(w.feedItemId, w.owner.id) } }),
      },
      {
        label: "the page's form",
        status: 303,
        as: "signed out",
        call: (w) => form({ token: saveFeedItemToken(w.feedItemId, w.owner.id) }),
      },
      { label: "a forged token", status: 400, as: "signed out", call: () => ({ json: { token: "garbage" } }) },
      {
        label: "an item its token's user is not owed",
        status: 404,
        as: "signed out",
        call: (w) => ({ json: { token: saveFeedItemToken(w.feedItemId, w.stranger.id) } }),
      },
    ],
  },
  "GET /api/user/app-passwords": { cases: [{ label: "lists", status: 200 }] },
  "GET /api/user/feeds": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/user/feeds/regenerate": { cases: [{ label: "renews", status: 200 }] },
  "GET /api/feeds/{id}/{feed}": {
    cases: [
      {
        label: "a feed",
        status: 200,
        as: "signed out",
        call: async (w) => {
          const key = new URL((await feedAddresses(w.owner)).unread).pathname.split("/")[3] ?? "";
          return { params: { id: key, feed: ["unread"] } };
        },
      },
      {
        label: "a feed the reader has",
        status: 304,
        as: "signed out",
        call: async (w) => {
          const key = new URL((await feedAddresses(w.owner)).unread).pathname.split("/")[3] ?? "";
          const etag = (await feedResponse(key, "unread", new Headers())).headers.get("etag") ?? "";
          return { params: { id: key, feed: ["unread"] }, headers: { "if-none-match": etag } };
        },
      },
      {
        label: "a wrong secret",
        status: 404,
        as: "signed out",
        call: () => ({ params: { id: "x".repeat(43), feed: ["unread"] } }),
      },
    ],
  },
  "POST /api/user/app-passwords": {
    cases: [
      { label: "creates", status: 201, call: (w) => ({ json: { name: `KOReader ${w.tag}` } }) },
      { label: "no name", status: 400, call: () => ({ json: { name: " " } }) },
    ],
  },
  "DELETE /api/user/app-passwords/{id}": {
    cases: [
      {
        label: "revokes",
        status: 200,
        call: async (w) => ({ params: { id: (await createAppPassword(w.owner, "Phone")).appPassword.id } }),
      },
      { label: "an unknown id", status: 404, call: () => ({ params: { id: "no-such-app-password" } }) },
    ],
  },
  "POST /api/extension/connect": {
    cases: [
      {
        label: "connects",
        status: 201,
        call: () => ({
          json: {
            redirectUrl: `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`,
            state: "a-random-state-0123",
          },
        }),
      },
      {
        label: "a web site",
        status: 400,
        call: () => ({ json: { redirectUrl: "https://evil.example/connected.html", state: "a-random-state-0123" } }),
      },
    ],
  },
  "GET /api/invitations": { cases: [{ label: "lists", status: 200 }] },
  "POST /api/invitations": {
    cases: [
      { label: "creates one to share", status: 201 },
      { label: "emails one", status: 201, call: (w) => ({ json: { recipientEmail: `friend-${w.tag}@example.com` } }) },
      { label: "a bad address", status: 400, call: () => ({ json: { recipientEmail: "not an address" } }) },
    ],
  },
  "GET /api/invitations/{idOrCode}": {
    cases: [
      {
        label: "a valid code",
        status: 200,
        as: "signed out",
        call: (w) => ({ params: { idOrCode: w.invitation.code } }),
      },
      { label: "an unknown code", status: 200, call: () => ({ params: { idOrCode: "NoSuchCode123" } }) },
    ],
    noErrorCase: "anyone may ask about any code; an unknown one is answered `valid: false`",
  },
  "DELETE /api/invitations/{idOrCode}": {
    cases: [
      { label: "deletes", status: 200, call: (w) => ({ params: { idOrCode: w.invitation.id } }) },
      {
        label: "another user's invitation",
        status: 404,
        call: (w) => ({ params: { idOrCode: w.invitation.id }, cookie: w.strangerCookie }),
      },
    ],
  },
  "POST /api/invitations/{idOrCode}/claim": {
    cases: [
      {
        label: "another user claims",
        status: 200,
        call: (w) => ({ params: { idOrCode: w.invitation.code }, cookie: w.strangerCookie }),
      },
      { label: "the inviter's own", status: 403, call: (w) => ({ params: { idOrCode: w.invitation.code } }) },
      { label: "an unknown code", status: 404, call: () => ({ params: { idOrCode: "NoSuchCode123" } }) },
    ],
  },
  "GET /api/subscription": { cases: [{ label: "the plan", status: 200 }] },
  "POST /api/subscriptions/create-checkout-session": {
    cases: [
      { label: "starts one", status: 200 },
      { label: "a body", status: 400, call: () => ({ json: { price: "free" } }) },
    ],
  },
  "GET /api/subscriptions/verify-session": {
    cases: [
      {
        label: "a paid checkout",
        status: 200,
        call: async (w) => ({ query: `?session_id=${(await checkout(w)).sessionId}` }),
      },
      { label: "not a session id", status: 400, call: () => ({ query: "?session_id=nope" }) },
      { label: "an unknown session", status: 404, call: () => ({ query: "?session_id=cs_unknown" }) },
    ],
  },
  "POST /api/billing/portal": {
    cases: [
      {
        label: "a subscriber",
        status: 200,
        call: async (w) => {
          const { subscription } = await checkout(w);
          await getDb().user.update({
            where: { id: w.owner.id },
            data: {
              stripeCustomerId: subscription.customer,
              stripeSubscriptionId: subscription.id,
              stripeSubscriptionStatus: "active",
            },
          });
          return {};
        },
      },
      { label: "no subscription", status: 409 },
    ],
  },
  "POST /api/digest/send-now": { cases: [{ label: "sends", status: 200 }] },
  "POST /api/mark-read": emailActionCases("mark-read"),
  "POST /api/snooze": emailActionCases("snooze"),
  "POST /api/not-interested": emailActionCases("not-interested"),
  "GET /api/unsubscribe": {
    cases: [
      {
        label: "opens the page",
        status: 303,
        as: "signed out",
        call: (w) => ({ query: `?token=${unsubscribeToken(w.owner.id)}` }),
      },
    ],
    noErrorCase: "opening the link changes nothing: every request leads to the confirmation page",
  },
  "POST /api/unsubscribe": {
    cases: [
      {
        label: "one click",
        status: 200,
        as: "signed out",
        call: (w) => ({
          query: `?token=${unsubscribeToken(w.owner.id)}`,
          origin: "https://mail.example",
          ...form({ "List-Unsubscribe": "One-Click" }),
        }),
      },
      {
        label: "a forged token",
        status: 400,
        as: "signed out",
        call: () => ({ query: "?token=forged", origin: null }),
      },
    ],
  },
  "POST /api/import": {
    cases: [
      {
        label: "imports",
        status: 200,
        call: (w) => ({
          query: "?filename=links.csv",
          contentType: "text/csv",
          body: `title,url,time_added,cursor,tags,status\nNew,https://example.test/import-${w.tag},1600000000,,,unread\n`,
        }),
      },
      {
        label: "subscribes to an OPML list's feeds",
        status: 200,
        call: (w) => ({
          query: "?filename=feeds.opml",
          contentType: "text/x-opml",
          body: `<opml version="2.0"><body><outline text="News"><outline text="A" xmlUrl="https://feeds.example/${w.tag}.xml"/></outline></body></opml>`,
        }),
      },
      {
        label: "a file that is no export",
        status: 400,
        call: () => ({ query: "?filename=links.zip", body: "not a zip file" }),
      },
    ],
  },
  "GET /api/export": {
    cases: [
      { label: "JSON", status: 200, call: () => ({ query: "?format=json" }) },
      { label: "CSV", status: 200, call: () => ({ query: "?format=csv" }) },
      { label: "bookmarks", status: 200, call: () => ({ query: "?format=html" }) },
      { label: "the feeds followed, as OPML", status: 200, call: () => ({ query: "?format=opml" }) },
      { label: "an EPUB of one link", status: 200, call: (w) => ({ query: `?format=epub&link=${w.link.id}` }) },
      { label: "an EPUB of no links", status: 404, call: () => ({ query: "?format=epub&category=none-such" }) },
      { label: "an unknown format", status: 400, call: () => ({ query: "?format=xml" }) },
    ],
  },
  "GET /api/login": {
    cases: [
      { label: "to the sign-in page", status: 303, as: "signed out", call: () => ({ query: "?returnTo=%2Fhistory" }) },
    ],
    noErrorCase: "a return path it does not accept is replaced, never refused",
  },
  "GET /api/logout": {
    cases: [
      { label: "signs out", status: 303 },
      {
        label: "a script's fetch",
        status: 403,
        call: () => ({
          headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
        }),
      },
    ],
  },
  "POST /api/logout": {
    cases: [
      { label: "signs out", status: 303 },
      { label: "from another site", status: 403, call: () => ({ origin: "https://evil.example" }) },
    ],
  },
  "GET /api/auth/{nextauth}": {
    cases: [
      { label: "the CSRF token", status: 200, as: "signed out", call: () => ({ params: { nextauth: ["csrf"] } }) },
      { label: "the session", status: 200, call: () => ({ params: { nextauth: ["session"] } }) },
      { label: "the sign-in page", status: 302, as: "signed out", call: () => ({ params: { nextauth: ["signin"] } }) },
      {
        label: "a sign-in link",
        status: 303,
        as: "signed out",
        call: () => ({ params: { nextauth: ["callback", "email"] }, query: "?token=t&email=a%40b.test" }),
      },
      {
        label: "the closed log endpoint",
        status: 404,
        as: "signed out",
        call: () => ({ params: { nextauth: ["_log"] } }),
      },
      {
        label: "a NUL in a parameter",
        status: 400,
        as: "signed out",
        call: () => ({ params: { nextauth: ["signin"] }, query: "?callbackUrl=%2F%00" }),
      },
    ],
  },
  "POST /api/auth/{nextauth}": {
    crossSite: false,
    cases: [
      {
        label: "asks for a sign-in link",
        status: 302,
        as: "signed out",
        call: async (w) => {
          const { csrfToken, cookie } = await csrf(w);
          return {
            params: { nextauth: ["signin", "email"] },
            headers: { cookie },
            ...form({ csrfToken, email: `signin-${w.tag}@example.com` }),
          };
        },
      },
      {
        label: "not an address",
        status: 400,
        as: "signed out",
        call: () => ({ params: { nextauth: ["signin", "email"] }, ...form({ email: "nope" }) }),
      },
      {
        label: "a confirmation from another site",
        status: 403,
        as: "signed out",
        call: () => ({ params: { nextauth: ["callback", "email"] }, origin: "https://evil.example", ...form({}) }),
      },
    ],
  },
  "GET /api/health": {
    cases: [
      { label: "ready", status: 200, as: "signed out" },
      {
        label: "the database unreachable",
        status: 503,
        answer: async () => {
          const { PrismaClient } = await import("@/lib/generated/prisma/client");
          const { PrismaPg } = await import("@prisma/adapter-pg");
          const db = new PrismaClient({
            adapter: new PrismaPg({ connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none` }),
          });
          const log = captureErrorLog();
          try {
            return await healthRoute(() => db)(rawRequest({ method: "GET", path: "/api/health" }));
          } finally {
            log.restore();
            await db.$disconnect();
          }
        },
      },
    ],
  },
  "GET /api/health/live": {
    cases: [{ label: "alive", status: 200, as: "signed out" }],
    noErrorCase: "it answers whenever the process does",
  },
  "GET /api/cron/digests": {
    cases: [
      {
        label: "dispatches",
        status: 200,
        as: "signed out",
        call: () => ({ headers: { authorization: `Bearer ${CRON_SECRET}` } }),
      },
      { label: "no secret", status: 401, call: () => ({}) },
      {
        label: "an unknown marker",
        status: 400,
        as: "signed out",
        call: () => ({ query: "?continuation=yes", headers: { authorization: `Bearer ${CRON_SECRET}` } }),
      },
    ],
  },
  "POST /api/cron/digests": {
    noSuccessCase: "the scheduler calls with GET: a POST is always refused, with Allow: GET",
    cases: [
      {
        label: "a POST, even with the secret",
        status: 405,
        as: "signed out",
        call: () => ({ headers: { authorization: `Bearer ${CRON_SECRET}` } }),
      },
    ],
  },
  "POST /api/stripe/webhook": {
    cases: [
      {
        label: "a signed event",
        status: 200,
        as: "signed out",
        call: async (w) => {
          const { event } = await checkout(w);
          return {
            body: event,
            contentType: "application/json",
            origin: null,
            headers: { "stripe-signature": fake.sign(event) },
          };
        },
      },
      {
        label: "a forged signature",
        status: 400,
        as: "signed out",
        call: () => ({
          body: "{}",
          contentType: "application/json",
          origin: null,
          headers: { "stripe-signature": "t=1,v1=00" },
        }),
      },
    ],
  },
  "POST /api/test/email": {
    cases: [
      {
        label: "sends",
        status: 200,
        as: "signed out",
        call: (w) => ({ json: { email: `probe-${w.tag}@example.com` } }),
      },
      { label: "not an address", status: 400, as: "signed out", call: () => ({ json: { email: "nope" } }) },
    ],
  },
  "GET /api/openapi.json": {
    cases: [{ label: "the document", status: 200, as: "signed out" }],
    noErrorCase: "a constant document",
  },
};

// ---------------------------------------------------------------------------------------------

type DocumentedOperation = { key: string; path: string; method: string; access: string[] };

function documentedOperations(): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const access = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      return [{ key: `${method.toUpperCase()} ${path}`, path, method, access }];
    }),
  );
}

const operations = documentedOperations();
const inventory = new Map<string, RouteMethod>();

async function routeFor(method: string, path: string): Promise<RouteMethod> {
  if (inventory.size === 0)
    for (const { route, operation } of joinOperations(await loadRouteInventory(), [
      ...OPERATIONS,
      ...WALLABAG_OPERATIONS,
    ]).joined)
      inventory.set(`${route.method} ${operation.path}`, route);
  const route = inventory.get(`${method} ${path}`);
  if (!route) throw new Error(`${method} ${path}: documented, but no route file exports it`);
  return route;
}

function send(route: RouteMethod, call: Call, actor: Actor, world: World): Promise<Response> {
  const path = `${fillPattern(route.pattern, call.params)}${call.query ?? ""}`;
  const headers: Record<string, string> = { ...call.headers };
  let cookie: string | undefined;
  let origin = call.origin;
  if (actor === "session") cookie = call.cookie ?? world.cookie;
  if (actor === "token") {
    headers.authorization = `Bearer ${world.token}`;
    // As a script sends it: no Origin, unless the case gives one.
    origin = call.origin === undefined ? null : call.origin;
  }
  if (actor === "revoked token") {
    headers.authorization = `Bearer ${world.revokedToken}`;
    cookie = world.cookie;
  }
  const base = { method: route.method, path, cookie, origin, headers };
  const req =
    call.json === undefined
      ? rawRequest({ ...base, body: call.body, contentType: call.contentType })
      : jsonRequest({ ...base, json: call.json });
  return callRoute(route, req, call.params);
}

// The document as a JSON Schema resource: an answer's schema is compiled from its place in the
// document, so its references to #/components resolve as a client's validator would resolve them.
const DOCUMENT_ID = "https://linkstash.test/openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...JSON.parse(JSON.stringify(document)), $id: DOCUMENT_ID });
const validators = new Map<string, ValidateFunction>();

const pointer = (...tokens: string[]) =>
  tokens.map((token) => encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

function validatorFor(path: string, method: string, status: string, mediaType: string): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/${pointer("paths", path, method, "responses", status, "content", mediaType, "schema")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

type JsonResponse = {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
};
const served: { paths: Record<string, Record<string, { responses: Record<string, JsonResponse> }>> } = JSON.parse(
  JSON.stringify(document),
);

/** The answer is one the document promises for this operation, and its body fits the promise. */
async function expectDocumented(operation: DocumentedOperation, res: Response, label: string): Promise<void> {
  const text = await res.clone().text();
  const documented = served.paths[operation.path]?.[operation.method]?.responses[String(res.status)];
  expect(documented, `${label}: ${res.status} is not documented (${text.slice(0, 300)})`).toBeDefined();
  if (!documented) return;
  for (const [name, header] of Object.entries(documented.headers ?? {}))
    if (header.required) expect(res.headers.get(name), `${label}: header ${name}`).not.toBeNull();
  const mediaTypes = Object.keys(documented.content ?? {});
  if (mediaTypes.length === 0) return;
  const mediaType = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  expect(mediaTypes, `${label}: Content-Type ${mediaType}`).toContain(mediaType);
  const values: unknown[] =
    mediaType === "application/json"
      ? [JSON.parse(text)]
      : mediaType === "application/x-ndjson"
        ? text
            .split("\n")
            .filter((line) => line !== "")
            .map((line) => JSON.parse(line))
        : [text];
  expect(values.length, `${label}: an empty body`).toBeGreaterThan(0);
  const validate = validatorFor(operation.path, operation.method, String(res.status), mediaType);
  for (const value of values) {
    const valid = validate(value);
    expect(valid, `${label}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 400)}`).toBe(true);
  }
  if (res.status >= 400) {
    const body = values[0];
    const code = typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
    expect(isErrorCode(code), `${label}: the error code ${String(code)}`).toBe(true);
  }
}

const covered = new Map<string, { success: number; error: number }>();

function record(key: string, status: number): void {
  const tally = covered.get(key) ?? { success: 0, error: 0 };
  if (status >= 400) tally.error += 1;
  else tally.success += 1;
  covered.set(key, tally);
}

/** The codes the document lists for one status of an operation. */
function documentedCodes(operation: DocumentedOperation, status: number): string[] {
  const content = served.paths[operation.path]?.[operation.method]?.responses[String(status)]?.content;
  return content?.["application/json"]?.schema?.properties?.code?.enum ?? [];
}

/** The cases of an operation: its own, then what its access adds (signed out, the token, another site). */
function casesOf(operation: DocumentedOperation, scenario: Scenario): Case[] {
  const [success] = scenario.cases;
  const cases = [...scenario.cases];
  if (!success) return cases;
  const mutating = operation.method !== "get";
  if (operation.access.includes("session"))
    cases.push({ label: "signed out", status: 401, as: "signed out", call: success.call });
  if (operation.access.includes("personalToken")) {
    cases.push({
      label: "with a personal token, no cookie or Origin",
      status: success.status,
      as: "token",
      call: success.call,
    });
    cases.push({ label: "a revoked token beside the session", status: 401, as: "revoked token", call: success.call });
  } else if (operation.access.includes("session")) {
    // This site's Origin, so that only the session is missing.
    cases.push({
      label: "a personal token alone (a token has no scope here)",
      status: 403,
      as: "token",
      call: async (world) => ({ ...(await success.call?.(world)), origin: mutating ? ORIGIN : null }),
    });
  }
  if (mutating && scenario.crossSite !== false && documentedCodes(operation, 403).includes("cross_origin")) {
    cases.push({
      label: "from another site",
      status: 403,
      as: success.as,
      call: async (world) => ({ ...(await success.call?.(world)), origin: "https://evil.example" }),
    });
  }
  return cases;
}

beforeAll(async () => {
  await routeFor("GET", "/api/openapi.json");
});

describe("the API contract", () => {
  it("has a scenario for every documented operation, and none for an operation it does not document", () => {
    const keys = operations.map((operation) => operation.key);
    expect(
      keys.filter((key) => !(key in SCENARIOS)),
      "operations without a scenario",
    ).toEqual([]);
    expect(
      Object.keys(SCENARIOS).filter((key) => !keys.includes(key)),
      "scenarios of no operation",
    ).toEqual([]);
  });

  for (const operation of operations) {
    const scenario = SCENARIOS[operation.key];
    if (!scenario) continue;
    describe(operation.key, () => {
      const cases = casesOf(operation, scenario);
      for (const testCase of cases) {
        it(`${testCase.label} -> ${testCase.status}`, async () => {
          const world = await newWorld();
          let res: Response;
          if (testCase.answer) res = await testCase.answer();
          else {
            const route = await routeFor(operation.method.toUpperCase(), operation.path);
            const call = (await testCase.call?.(world)) ?? {};
            res = await send(route, call, testCase.as ?? "session", world);
          }
          const label = `${operation.key} (${testCase.label})`;
          expect(res.status, `${label}: ${(await res.clone().text()).slice(0, 300)}`).toBe(testCase.status);
          await expectDocumented(operation, res, label);
          record(operation.key, res.status);
        });
      }
    });
  }

  it("called every operation with a success, and with an error wherever one can happen", () => {
    const missing = operations.flatMap((operation) => {
      const tally = covered.get(operation.key) ?? { success: 0, error: 0 };
      const gaps: string[] = [];
      if (tally.success === 0 && !SCENARIOS[operation.key]?.noSuccessCase) gaps.push(`${operation.key}: no success`);
      if (tally.success > 0 && SCENARIOS[operation.key]?.noSuccessCase)
        gaps.push(`${operation.key}: says it has no success, yet answered one`);
      if (tally.error === 0 && !SCENARIOS[operation.key]?.noErrorCase) gaps.push(`${operation.key}: no error case`);
      if (tally.error > 0 && SCENARIOS[operation.key]?.noErrorCase)
        gaps.push(`${operation.key}: says it has no error case, yet answered one`);
      return gaps;
    });
    expect(missing).toEqual([]);
    expect(covered.size).toBe(operations.length);
  });

  it("makes every route handler of app/api from the operation it serves", async () => {
    await routeFor("GET", "/api/openapi.json");
    const undeclared = [...inventory.entries()]
      .filter(([key, route]) => {
        const declared = operationsOfHandler(route.handler).map(
          (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
        );
        return !declared.includes(key);
      })
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
  });

  it("documents every route method of app/api but wallabag's (and serves this document)", async () => {
    // The same join the security suites run on: neither a route nor an operation left over.
    const { routesWithout, operationsWithout } = joinOperations(await loadRouteInventory(), [
      ...OPERATIONS,
      ...WALLABAG_OPERATIONS,
    ]);
    expect({ routesWithout, operationsWithout }).toEqual({ routesWithout: [], operationsWithout: [] });
    expect(OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).sort()).toEqual(
      operations.map((operation) => operation.key).sort(),
    );
    const res = await send(await routeFor("GET", "/api/openapi.json"), {}, "signed out", await newWorld());
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
