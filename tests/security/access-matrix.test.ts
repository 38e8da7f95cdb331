import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Category, Highlight, Invitation, Link, User } from "@/lib/generated/prisma/client";
import type { EmailAction } from "@/lib/digests/email-actions";
import type { Operation } from "@/lib/http/contract";
import type { ErrorCode } from "@/lib/http/error-codes";
import type { RouteMethod, RouteParams } from "@/tests/security/route-inventory";

// The access-control matrix: every /api route method of the app (read from the route files), joined
// to the operation its domain's contract declares (lib/<domain>/contract.ts, gathered in
// lib/api-docs/document.ts, and wallabag's in lib/wallabag/contract.ts). A route method without an
// operation, or an operation without a route, fails the suite.
//
// From the contract alone, for every operation (no entry here needed): by its `access`, a signed-out
// call to a session or token operation is 401 JSON {code, message}; a session-only operation refuses
// the owner's personal token (403 insufficient_scope); a token operation refuses a revoked token
// (401); an app's operation refuses a call signed out, with the session alone, or with an app token
// whose app password was revoked (401), and its scenario runs with each actor's app token; a cron
// operation refuses a call without its secret (401); a signature operation refuses one without a
// valid signature (400/401); a wrapped mutation that reads the session refuses another site's Origin
// (403 cross_origin). Every error code any call here is answered must be one the operation declares
// (errorsOf in lib/http/contract.ts).
//
// The entries add what a contract cannot say: each operation's scenario against a signed-out caller,
// another signed-in user and the owner of the resource — owner-scoped (another user 404 with the
// owner's rows untouched) or account-scoped (another user gets their own answer and sees nothing of
// the owner) — or a custom run for sign-in, the scheduler and the providers' webhooks. A token
// operation runs its scenario again with each actor's token instead of the cookie and no Origin. A
// mutation outside the API wrapper says why the same-origin rule is not the wrapper's (and its run
// asserts its own rule).

const CRON_SECRET = "cron-secret-for-the-access-matrix";
const MAILGUN_KEY = "mailgun-key-for-the-access-matrix";
const INBOUND_DOMAIN = "save.linkstash.test";
const fake = await vi.hoisted(async () => {
  process.env.CRON_SECRET = "cron-secret-for-the-access-matrix";
  // Save by email on, with Mailgun's webhook.
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-key-for-the-access-matrix";
  // Billing on against the local Stripe fake, so the billing routes answer for real.
  return (await import("@/tests/support/stripe-billing")).startBillingFake();
});

const { createApiToken } = await import("@/lib/auth/api-tokens");
const { createAppPassword } = await import("@/lib/app-passwords/service");
const { issueTokens } = await import("@/lib/app-passwords/grants");
const { WALLABAG_OPERATIONS } = await import("@/lib/wallabag/contract");
const { PERSONAL_TOKEN_SCOPES, SESSION_ONLY_MESSAGE } = await import("@/lib/auth/token-scopes");
const { getDb } = await import("@/lib/db/client");
const { unsubscribeToken } = await import("@/lib/digests/unsubscribe");
const { emailActionToken } = await import("@/lib/digests/email-actions");
const { saveFeedItemToken } = await import("@/lib/digests/save-feed-item-token");
const { ORIGIN, signedInUser } = await import("@/tests/support/factories");
const {
  dynamicSegments,
  fillPattern,
  isMutating,
  joinOperations,
  listRouteFiles,
  loadRouteInventory,
  routePattern,
  UNKNOWN_API_PATH_PATTERN,
} = await import("@/tests/security/route-inventory");
const { callRoute, errorBody, errorMessage, jsonRequest, rawRequest, setCookiePair } =
  await import("@/tests/security/route-call");
const { OPERATIONS } = await import("@/lib/api-docs/document");
const { errorsOf } = await import("@/lib/http/contract");
const { mailgunInboundForm } = await import("@/tests/fakes/mailgun-inbound");
const { plainMail } = await import("@/tests/support/inbound-mail");

afterAll(() => fake.close());

// Read when the suite is collected: the contract checks are one test per operation.
const inventory = await loadRouteInventory();
const join = joinOperations(inventory, [...OPERATIONS, ...WALLABAG_OPERATIONS]);
const operationByRoute = new Map(join.joined.map(({ route, operation }) => [route.key, operation]));
const routeByKey = new Map(inventory.map((route) => [route.key, route]));

/** Calls the route; an error answer's code must be one its operation declares (errorsOf). */
async function answer(route: RouteMethod, req: NextRequest, params?: RouteParams): Promise<Response> {
  const res = await callRoute(route, req, params);
  const operation = operationByRoute.get(route.key);
  const body = res.status >= 400 ? await errorBody(res) : null;
  if (operation && body) {
    const declared = Object.entries(errorsOf(operation)).find(([status]) => Number(status) === res.status)?.[1];
    expect(declared ?? [], `${route.key}: ${res.status} ${body.code}, which its operation does not declare`).toContain(
      body.code,
    );
  }
  return res;
}

function routeFor(key: string): RouteMethod {
  const route = routeByKey.get(key);
  if (!route) throw new Error(`${key}: the matrix has an entry, but no route file exports this method`);
  return route;
}

type Actor = "signed out" | "another user" | "owner";
const ACTORS: readonly Actor[] = ["signed out", "another user", "owner"];

/** An owner with one of everything, and a stranger with their own link. */
type World = {
  owner: User;
  ownerCookie: string;
  stranger: User;
  strangerCookie: string;
  /** A unique word in the owner's category and link, to spot it in another user's answers. */
  mark: string;
  /** Another unique word, for what a request creates (its echo is not a leak). */
  tag: string;
  link: Link;
  /** The owner's highlight on that link, its quote carrying the mark. */
  highlight: Highlight;
  category: Category;
  invitation: Invitation;
  /** Working API tokens of the owner and the stranger, and a revoked one of the owner. */
  ownerToken: string;
  ownerTokenId: string;
  strangerToken: string;
  revokedToken: string;
  /** Apps' access tokens (OAuth, for an app password) of the owner and the stranger, and one whose app password was revoked. */
  ownerAppToken: string;
  ownerAppPasswordId: string;
  strangerAppToken: string;
  revokedAppToken: string;
  /** The owner's subscription to a feed whose address carries the mark. */
  subscriptionId: string;
  /** A feed read before (a subscription shares it without a read), its address carrying the tag. */
  feedUrl: string;
};

type Call = { params?: RouteParams; query?: string; json?: unknown; body?: string; headers?: Record<string, string> };

type Expectation = {
  status: number;
  /** The owner's rows (account, links, categories, invitations, sessions, digests, mail) are exactly as before. */
  ownerUntouched?: boolean;
  /** What of the owner the caller sent and may see echoed back (an address typed into a form): not a leak. */
  echoes?: (world: World) => string[];
  check?: (world: World, res: Response) => Promise<void>;
};

/** Why a mutation outside the API wrapper (whose same-origin rule every wrapped mutation gets) is exempt from it. */
type OriginRule = { exempt: string };

type Scenario = { arrange: (world: World) => Promise<Call>; expect: Record<Actor, Expectation> };
type Custom = { run: (route: RouteMethod) => Promise<void> };
type Entry = { what: string; origin?: OriginRule } & (Scenario | Custom);

const DAY = 86_400_000;

async function newWorld(): Promise<World> {
  const db = getDb();
  const mark = `m${randomBytes(5).toString("hex")}`;
  const tag = `t${randomBytes(5).toString("hex")}`;
  const { user: owner, cookie: ownerCookie } = await signedInUser({
    emailFrequency: "weekly",
    emailDays: [1],
    emailHours: { "1": 8 },
    nextDigestAt: new Date(Date.now() + 3 * DAY),
    // A save address of 26 base32 characters, as the service makes them.
    saveAddressKey: `${mark}${randomBytes(10).toString("hex")}`
      .replace(/[^a-z2-7]/g, "a")
      .slice(0, 26)
      .padEnd(26, "a"),
  });
  const { user: stranger, cookie: strangerCookie } = await signedInUser();
  const link = await db.link.create({
    data: {
      userId: owner.id,
      url: `https://example.test/${mark}`,
      category: `Cat ${mark}`,
      categories: [`Cat ${mark}`],
    },
  });
  await db.link.create({ data: { userId: stranger.id, url: "https://sample.test/stranger" } });
  const highlight = await db.highlight.create({
    data: { userId: owner.id, linkId: link.id, quote: `Passage ${mark}`, note: `Note ${mark}` },
  });
  const category = await db.category.create({
    data: { userId: owner.id, name: `Own ${mark}`, nameKey: `own ${mark}` },
  });
  const invitation = await db.invitation.create({
    data: { inviterId: owner.id, code: randomBytes(12).toString("base64url") },
  });
  const ownerToken = await createApiToken(owner, `Token ${mark}`, PERSONAL_TOKEN_SCOPES);
  const strangerToken = await createApiToken(stranger, "Stranger's token", PERSONAL_TOKEN_SCOPES);
  const revoked = await createApiToken(owner, "Revoked", PERSONAL_TOKEN_SCOPES);
  await db.apiToken.update({ where: { id: revoked.token.id }, data: { revokedAt: new Date() } });
  const ownerApp = await createAppPassword(owner, `App ${mark}`);
  const strangerApp = await createAppPassword(stranger, "Stranger's app");
  const revokedApp = await createAppPassword(owner, "Revoked app");
  const revokedAppToken = (await issueTokens(revokedApp.appPassword.id)).accessToken;
  await db.apiToken.update({ where: { id: revokedApp.appPassword.id }, data: { revokedAt: new Date() } });
  // Reserved names: a check of either feed is refused at once, without the network.
  const ownerFeed = await db.feedSource.create({
    data: { url: `https://feeds.example/${mark}.xml`, title: `Feed ${mark}`, succeededAt: new Date() },
  });
  const subscription = await db.subscription.create({
    data: { userId: owner.id, sourceId: ownerFeed.id, primedAt: new Date() },
  });
  const feedUrl = `https://feeds.example/${tag}.xml`;
  await db.feedSource.create({ data: { url: feedUrl, title: `Feed ${tag}`, succeededAt: new Date() } });
  return {
    owner,
    ownerCookie,
    stranger,
    strangerCookie,
    mark,
    tag,
    link,
    highlight,
    category,
    invitation,
    ownerToken: ownerToken.secret,
    ownerTokenId: ownerToken.token.id,
    strangerToken: strangerToken.secret,
    revokedToken: revoked.secret,
    ownerAppToken: (await issueTokens(ownerApp.appPassword.id)).accessToken,
    ownerAppPasswordId: ownerApp.appPassword.id,
    strangerAppToken: (await issueTokens(strangerApp.appPassword.id)).accessToken,
    revokedAppToken,
    subscriptionId: subscription.id,
    feedUrl,
  };
}

/** Everything of the owner a request could change. */
async function ownerState(world: World) {
  const db = getDb();
  const id = world.owner.id;
  return {
    user: await db.user.findUnique({ where: { id } }),
    links: await db.link.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    highlights: await db.highlight.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    categories: await db.category.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    invitationsSent: await db.invitation.findMany({ where: { inviterId: id }, orderBy: { id: "asc" } }),
    invitationClaimed: await db.invitation.findUnique({ where: { recipientId: id } }),
    sessions: await db.session.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    deliveries: await db.digestDelivery.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    mail: await db.mailboxMessage.count({ where: { to: world.owner.email } }),
    apiTokens: await db.apiToken.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
    subscriptions: await db.subscription.findMany({ where: { userId: id }, orderBy: { id: "asc" } }),
  };
}

/** What of the owner must never appear in an answer to someone else. */
function ownerSecrets(world: World): string[] {
  return [
    world.owner.id,
    world.owner.email,
    world.mark,
    world.link.id,
    world.category.id,
    world.invitation.id,
    world.invitation.code,
    world.ownerToken,
    world.ownerTokenId,
    world.ownerAppToken,
    world.ownerAppPasswordId,
    world.subscriptionId,
    ...(world.owner.saveAddressKey ? [world.owner.saveAddressKey] : []),
  ];
}

function cookieOf(world: World, actor: Actor): string | undefined {
  if (actor === "owner") return world.ownerCookie;
  return actor === "another user" ? world.strangerCookie : undefined;
}

/** An app's call: the actor's app access token (none signed out), no cookie. */
function appCall(world: World, actor: Actor, call: Call): Call {
  if (actor === "signed out") return call;
  return withBearer(call, actor === "owner" ? world.ownerAppToken : world.strangerAppToken);
}

function withBearer(call: Call, token: string): Call {
  return { ...call, headers: { ...call.headers, authorization: `Bearer ${token}` } };
}

function send(route: RouteMethod, call: Call, options: { cookie?: string; origin?: string | null }): Promise<Response> {
  const path = `${fillPattern(route.pattern, call.params)}${call.query ?? ""}`;
  const base = { method: route.method, path, cookie: options.cookie, origin: options.origin, headers: call.headers };
  const req =
    call.json === undefined ? rawRequest({ ...base, body: call.body }) : jsonRequest({ ...base, json: call.json });
  return answer(route, req, call.params);
}

/** Every /api error is JSON {code, message}. */
async function expectErrorBody(res: Response, label: string): Promise<void> {
  if (res.status >= 400)
    expect(await errorMessage(res), `${label}: a ${res.status} needs a JSON {code, message}`).not.toBeNull();
}

async function readJson(res: Response): Promise<unknown> {
  return res.clone().json();
}

/** The reading figures: nothing in the 11 weeks before, `saved` and `read` in the current week (the last). */
const thisWeekCounts =
  (saved: number, read: number): Expectation["check"] =>
  async (_world, res) =>
    expect(await readJson(res)).toEqual({
      weeks: [
        ...Array.from({ length: 11 }, () => expect.objectContaining({ saved: 0, read: 0 })),
        expect.objectContaining({ saved, read }),
      ],
    });

const untouched = (status: number, check?: Expectation["check"]): Expectation => ({
  status,
  ownerUntouched: true,
  check,
});

function ownerScoped(status: number, check: Expectation["check"]): Record<Actor, Expectation> {
  return { "signed out": untouched(401), "another user": untouched(404), owner: { status, check } };
}

function userScoped(
  status: number,
  options: { stranger?: Expectation; check?: Expectation["check"] } = {},
): Record<Actor, Expectation> {
  return {
    "signed out": untouched(401),
    "another user": options.stranger ?? untouched(status),
    owner: { status, check: options.check },
  };
}

function anyone(status: number, check?: Expectation["check"]): Record<Actor, Expectation> {
  return {
    "signed out": untouched(status, check),
    "another user": untouched(status, check),
    owner: untouched(status, check),
  };
}

const bodyHas = (pick: (world: World) => string) => async (world: World, res: Response) => {
  expect(await res.clone().text()).toContain(pick(world));
};

/** A checkout the owner started through the API and paid at the fake's hosted page (no webhook delivered). */
async function paidCheckout(
  world: World,
): Promise<{ sessionId: string; subscriptionId: string; customerId: string; event: string }> {
  const route = routeFor("POST /api/subscriptions/create-checkout-session");
  const res = await send(route, {}, { cookie: world.ownerCookie });
  expect(res.status).toBe(200);
  const body: { url: string } = await res.json();
  const sessionId = /\/checkout\/(cs_\w+)$/.exec(body.url)?.[1];
  if (!sessionId) throw new Error(`not a checkout url: ${body.url}`);
  fake.setWebhookTarget(undefined);
  const { subscription, event } = await fake.completeCheckout(sessionId);
  return {
    sessionId,
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    event: JSON.stringify(event),
  };
}

/**
 * Whoever holds a digest's one-click token may use it: the owner's link shows the action afterwards
 * (read; back a week on; set aside without a reminder).
 */
function tokenHolder(action: EmailAction): Expectation {
  return {
    status: 200,
    check: async (world, res) => {
      expect(await readJson(res)).toEqual({ success: true });
      const link = await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } });
      if (action === "mark-read") expect(link.readAt).not.toBeNull();
      if (action === "snooze") expect(link.remindOn).not.toBeNull();
      if (action === "not-interested") expect(link).toMatchObject({ archivedAt: expect.any(Date), remindOn: null });
    },
  };
}

const EMAIL_ACTION_WHAT: Record<EmailAction, string> = {
  "mark-read": "Mark as read",
  snooze: "Snooze a week",
  "not-interested": "Not interested",
};

/** A digest's one-click link: the signed token (action + link + owner) is the only credential. */
function emailActionEntry(action: EmailAction): Entry {
  return {
    what: `a digest's ${EMAIL_ACTION_WHAT[action]} link: the signed token (action, link and owner) is the only credential, a session is neither needed nor used; the answer names nothing`,
    arrange: async (world) => ({ json: { token: emailActionToken(action, world.link.id, world.owner.id) } }),
    expect: { "signed out": tokenHolder(action), "another user": tokenHolder(action), owner: tokenHolder(action) },
  };
}

/** A feed of the owner's that goes to the digest, with one item owed: the item's id. */
async function ownerFeedItem(world: World): Promise<string> {
  const db = getDb();
  const source = await db.feedSource.create({
    data: { url: `https://feed.example/${world.tag}`, title: `Feed ${world.mark}` },
  });
  const subscription = await db.subscription.create({
    data: { userId: world.owner.id, sourceId: source.id, into: "digest", category: `Cat ${world.mark}` },
  });
  const item = await db.feedItem.create({
    data: {
      sourceId: source.id,
      guid: world.tag,
      url: `https://example.test/item-${world.tag}`,
      title: `Item ${world.mark}`,
    },
  });
  await db.feedDelivery.create({
    data: { subscriptionId: subscription.id, itemId: item.id, userId: world.owner.id, into: "digest" },
  });
  return item.id;
}

/** The owner's feed item became one link of theirs. */
async function feedItemSaved(world: World): Promise<void> {
  const delivery = await getDb().feedDelivery.findFirstOrThrow({ where: { userId: world.owner.id } });
  expect(delivery.linkId).not.toBeNull();
  expect(
    await getDb().link.count({ where: { userId: world.owner.id, url: `https://example.test/item-${world.tag}` } }),
  ).toBe(1);
}

/** Mailgun's POST of a received message (a cookie, when given, must change nothing). */
function mailgunRequest(form: FormData, cookie?: string): NextRequest {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return new NextRequest(new Request(`${ORIGIN}/api/inbound/mailgun/mime`, { method: "POST", body: form, headers }));
}

/** Whoever holds a private feed's address reads it: the owner's links (their mark), nothing else of the owner. */
function feedKeyHolder(): Expectation {
  return {
    status: 200,
    ownerUntouched: true,
    echoes: (world) => [world.mark],
    check: async (world, res) => expect(await res.clone().text()).toContain(world.link.url),
  };
}

const reloadOwner = (world: World) => getDb().user.findUnique({ where: { id: world.owner.id } });

/**
 * Another user asks for the owner's address: answered as for a free one (so nobody learns it has an
 * account), the owner's account untouched but for a notice mailed to it, and no link that could complete.
 */
function addressOfTheOwner(): Expectation {
  return {
    status: 200,
    echoes: (world) => [world.owner.email],
    check: async (world, res) => {
      expect(await readJson(res)).toMatchObject({ pendingEmail: world.owner.email });
      expect(await reloadOwner(world)).toEqual(world.owner);
      const mail = await getDb().mailboxMessage.findMany({ where: { to: world.owner.email } });
      expect(mail.map((m) => m.subject)).toEqual(["Someone tried to use your address on LinkStash"]);
      expect(mail[0]?.text).not.toMatch(/token=/);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The table: one entry per "METHOD /api/path".

const MATRIX: Record<string, Entry> = {
  "GET /api/auth/[...nextauth]": {
    what: "next-auth's session, csrf, providers and sign-in page: the session answers the caller only; nothing changes",
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const get = (action: string, cookie?: string) =>
        answer(route, rawRequest({ method: "GET", path: `/api/auth/${action}`, cookie }), {
          nextauth: action.split("/"),
        });

      expect(await readJson(await get("session"))).toEqual({});
      const own: { user?: { email?: string } } = await (await get("session", world.ownerCookie)).json();
      expect(own.user?.email).toBe(world.owner.email);
      const other = await get("session", world.strangerCookie);
      expect(other.status).toBe(200);
      const otherText = await other.text();
      expect(otherText).toContain(world.stranger.email);
      expect(otherText).not.toContain(world.owner.email);

      const csrf = await get("csrf");
      expect(csrf.status).toBe(200);
      expect(await readJson(csrf)).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(setCookiePair(csrf, "next-auth.csrf-token")).toBeDefined();

      expect(JSON.stringify(await readJson(await get("providers")))).toContain('"email"');
      const signIn = await get("signin");
      expect(signIn.status).toBe(302);
      expect(new URL(signIn.headers.get("location") ?? "", ORIGIN).pathname).toBe("/login");
      // An unknown action: next-auth's own 400, as plain text (not our JSON {message}).
      expect((await get("no-such-action")).status).toBe(400);
      // Opening a sign-in link's callback signs nobody in: it leads to the confirmation page.
      const callback = await answer(
        route,
        rawRequest({ method: "GET", path: `/api/auth/callback/email?token=t&email=${world.owner.email}` }),
        { nextauth: ["callback", "email"] },
      );
      expect(callback.status).toBe(303);
      expect(new URL(callback.headers.get("location") ?? "").pathname).toBe("/login/confirm");
      expect(setCookiePair(callback, "next-auth.session-token")).toBeUndefined();
      expect(await ownerState(world)).toEqual(before);
    },
  },
  "POST /api/auth/[...nextauth]": {
    what: "sign-out and magic-link sign-in need next-auth's double-submit CSRF token: without it nothing happens, from any origin; with it only the caller's own session ends",
    origin: {
      exempt:
        "next-auth's own CSRF token (cookie + form field) protects its POSTs; our wrapper is not in front of it (the email callback, which signs in, does require this site's Origin)",
    },
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const post = (action: string, form: Record<string, string>, cookie?: string, origin?: string | null) =>
        answer(
          route,
          rawRequest({
            method: "POST",
            path: `/api/auth/${action}`,
            cookie,
            origin,
            contentType: "application/x-www-form-urlencoded",
            body: new URLSearchParams(form).toString(),
          }),
          { nextauth: action.split("/") },
        );
      const csrf = async () => {
        const res = await answer(route, rawRequest({ method: "GET", path: "/api/auth/csrf" }), {
          nextauth: ["csrf"],
        });
        const { csrfToken }: { csrfToken: string } = await res.json();
        const cookie = setCookiePair(res, "next-auth.csrf-token");
        if (!cookie) throw new Error("no csrf cookie");
        return { csrfToken, cookie };
      };

      // Without the token: a redirect back with ?csrf=true, the session and the mailbox as they were.
      for (const origin of [ORIGIN, "https://evil.example", null]) {
        const res = await post("signout", { callbackUrl: "/" }, world.ownerCookie, origin);
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toContain("csrf=true");
        const signInRes = await post(
          "signin/email",
          { email: world.owner.email, callbackUrl: "/dashboard" },
          undefined,
          origin,
        );
        expect(signInRes.headers.get("location")).toContain("csrf=true");
      }
      // A token from another browser (cookie and field not a pair) is no better.
      const foreign = await csrf();
      const mismatched = await post("signout", { csrfToken: foreign.csrfToken }, world.ownerCookie);
      expect(mismatched.headers.get("location")).toContain("csrf=true");
      expect(await getDb().verificationToken.count({ where: { identifier: world.owner.email } })).toBe(0);
      expect(await ownerState(world)).toEqual(before);

      // With a valid token another user's sign-out ends only their own session.
      const strangers = await csrf();
      const strangerOut = await post(
        "signout",
        { csrfToken: strangers.csrfToken, callbackUrl: "/" },
        `${world.strangerCookie}; ${strangers.cookie}`,
      );
      expect(strangerOut.status).toBe(302);
      expect(await getDb().session.count({ where: { userId: world.stranger.id } })).toBe(0);
      expect(await ownerState(world)).toEqual(before);

      // The owner's own sign-out and a magic-link request with the token work.
      const owners = await csrf();
      const ownerOut = await post(
        "signout",
        { csrfToken: owners.csrfToken, callbackUrl: "/" },
        `${world.ownerCookie}; ${owners.cookie}`,
      );
      expect(ownerOut.status).toBe(302);
      expect(await getDb().session.count({ where: { userId: world.owner.id } })).toBe(0);
      const address = `signin-${world.tag}@example.com`;
      const emailed = await post(
        "signin/email",
        { csrfToken: owners.csrfToken, email: address, callbackUrl: "/dashboard" },
        owners.cookie,
      );
      expect(emailed.status).toBe(302);
      // next-auth's verify-request step, which redirects on to /login/check-email.
      expect(new URL(emailed.headers.get("location") ?? "", ORIGIN).pathname).toBe("/api/auth/verify-request");
      expect(await getDb().mailboxMessage.count({ where: { to: address } })).toBe(1);

      // A sign-in link's confirmation from another site (login CSRF) is refused before next-auth sees it.
      const link = await getDb().mailboxMessage.findFirstOrThrow({ where: { to: address } });
      const search = /\/login\/confirm(\?\S+)/.exec(link.text)?.[1] ?? "";
      for (const origin of ["https://evil.example", null]) {
        const res = await answer(
          route,
          rawRequest({
            method: "POST",
            path: `/api/auth/callback/email${search}`,
            origin,
            contentType: "application/x-www-form-urlencoded",
          }),
          { nextauth: ["callback", "email"] },
        );
        expect(res.status).toBe(403);
        expect(await errorMessage(res)).toBe("Cross-origin request refused.");
      }
      expect(await getDb().verificationToken.count({ where: { identifier: address } })).toBe(1);

      // Our part of the route, the magic-link limit, answers JSON {code, message} with Retry-After.
      const limited = `limited-${world.tag}@example.com`;
      let last: Response | undefined;
      for (let i = 0; i < 6; i += 1) last = await post("signin/email", { email: limited }, undefined, null);
      expect(last?.status).toBe(429);
      expect(last && (await errorMessage(last))).toMatch(/Too many sign-in emails/);
      expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    },
  },
  "GET /api/auth/check": {
    what: "whether the caller is signed in",
    arrange: async () => ({}),
    expect: {
      "signed out": untouched(200, async (_, res) => expect(await readJson(res)).toEqual({ isAuthenticated: false })),
      "another user": untouched(200, async (_, res) => expect(await readJson(res)).toEqual({ isAuthenticated: true })),
      owner: untouched(200, async (_, res) => expect(await readJson(res)).toEqual({ isAuthenticated: true })),
    },
  },
  "GET /api/auth/user": {
    what: "the caller's own account",
    arrange: async () => ({}),
    expect: userScoped(200, {
      stranger: untouched(
        200,
        bodyHas((world) => world.stranger.id),
      ),
      check: bodyHas((world) => world.owner.id),
    }),
  },
  "POST /api/billing/portal": {
    what: "a billing-portal session for the caller's own Stripe customer; another user has none and cannot reach the owner's",
    arrange: async (world) => {
      const { subscriptionId, customerId } = await paidCheckout(world);
      await getDb().user.update({
        where: { id: world.owner.id },
        data: {
          stripeCustomerId: customerId,
          stripeSubscriptionId: subscriptionId,
          stripeSubscriptionStatus: "active",
        },
      });
      return {};
    },
    expect: userScoped(200, {
      stranger: untouched(409),
      check: async (_, res) => expect(await readJson(res)).toEqual({ url: expect.stringContaining("/portal/") }),
    }),
  },
  "DELETE /api/categories/[id]": {
    what: "deletes one custom category",
    arrange: async (world) => ({ params: { id: world.category.id } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().category.findUnique({ where: { id: world.category.id } })).toBeNull(),
    ),
  },
  "GET /api/categories": {
    what: "the caller's custom categories",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.category.id) }),
  },
  "POST /api/categories": {
    what: "creates a category for the caller",
    arrange: async (world) => ({ json: { name: `New ${world.tag}` } }),
    expect: userScoped(201, {
      check: async (world) =>
        expect(await getDb().category.count({ where: { userId: world.owner.id, name: `New ${world.tag}` } })).toBe(1),
    }),
  },
  "GET /api/cron/digests": {
    what: "the digest dispatch: only the bearer secret, never a session",
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const refused: { cookie?: string; authorization?: string }[] = [
        {},
        { authorization: "Bearer wrong-secret" },
        { authorization: `Bearer ${CRON_SECRET}x` },
        { authorization: `Basic ${CRON_SECRET}` },
        { authorization: CRON_SECRET },
        { authorization: "Bearer " },
        { cookie: world.ownerCookie },
      ];
      for (const { cookie, authorization } of refused) {
        const res = await answer(
          route,
          rawRequest({
            method: "GET",
            path: "/api/cron/digests",
            cookie,
            headers: authorization ? { authorization } : {},
          }),
        );
        expect(res.status, `authorization ${authorization ?? "none"}`).toBe(401);
        await expectErrorBody(res, "cron");
      }
      expect(await ownerState(world)).toEqual(before);
      const ok = await answer(
        route,
        rawRequest({ method: "GET", path: "/api/cron/digests", headers: { authorization: `Bearer ${CRON_SECRET}` } }),
      );
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ failed: 0 });
    },
  },
  "POST /api/cron/digests": {
    what: "the digest dispatch by POST: 405 method_not_allowed as JSON with Allow: GET, for everyone, sending nothing",
    origin: { exempt: "nothing happens: every caller gets the same 405" },
    arrange: async () => ({}),
    expect: anyone(405, async (_, res) => {
      expect(res.headers.get("allow")).toBe("GET");
      expect(await readJson(res)).toEqual({ code: "method_not_allowed", message: "This route answers GET only." });
    }),
  },
  "POST /api/digest/send-now": {
    what: "emails the caller's own links of today to the caller",
    arrange: async () => ({}),
    expect: userScoped(200, {
      stranger: untouched(200, async (world, res) => {
        expect(await readJson(res)).toMatchObject({ success: true });
        expect(await getDb().mailboxMessage.count({ where: { to: world.stranger.email } })).toBe(1);
      }),
      check: async (world, res) => {
        expect(await readJson(res)).toMatchObject({ success: true });
        expect(await getDb().mailboxMessage.count({ where: { to: world.owner.email } })).toBe(1);
      },
    }),
  },
  "POST /api/invitations/[idOrCode]/claim": {
    what: "a signed-in user claims someone else's code (that is the feature); the inviter's own claim is refused",
    arrange: async (world) => ({ params: { idOrCode: world.invitation.code } }),
    expect: {
      "signed out": untouched(401),
      "another user": {
        status: 200,
        check: async (world) =>
          expect(await getDb().invitation.findUnique({ where: { id: world.invitation.id } })).toMatchObject({
            status: "used",
            recipientId: world.stranger.id,
          }),
      },
      owner: untouched(403),
    },
  },
  "DELETE /api/invitations/[idOrCode]": {
    what: "deletes one unclaimed invitation (by id)",
    arrange: async (world) => ({ params: { idOrCode: world.invitation.id } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().invitation.findUnique({ where: { id: world.invitation.id } })).toBeNull(),
    ),
  },
  "GET /api/health": {
    what: "whether the app reaches its database; nothing about anyone",
    arrange: async () => ({}),
    expect: anyone(200, async (_, res) => expect(await readJson(res)).toMatchObject({ status: "ok" })),
  },
  "GET /api/health/live": {
    what: "whether the process answers (liveness); a constant, nothing about anyone",
    arrange: async () => ({}),
    expect: anyone(200, async (_, res) => expect(await readJson(res)).toEqual({ status: "ok" })),
  },
  "GET /api/openapi.json": {
    what: "the API's OpenAPI document: the same for everyone, nothing about anyone",
    arrange: async () => ({}),
    expect: anyone(200, async (_, res) => expect(await readJson(res)).toMatchObject({ openapi: "3.1.0" })),
  },
  "GET /api/invitations/[idOrCode]": {
    what: "whether a code can be claimed (the claim page asks before sign-in); reveals nothing else",
    arrange: async (world) => ({ params: { idOrCode: world.invitation.code } }),
    expect: anyone(200, async (world, res) => {
      expect(await readJson(res)).toMatchObject({ valid: true });
      expect(await res.clone().text()).not.toContain(world.owner.email);
    }),
  },
  "GET /api/invitations": {
    what: "the caller's invitations",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.invitation.code) }),
  },
  "POST /api/invitations": {
    what: "creates an invitation for the caller",
    arrange: async () => ({ json: {} }),
    expect: userScoped(201, {
      check: async (world) => expect(await getDb().invitation.count({ where: { inviterId: world.owner.id } })).toBe(2),
    }),
  },
  "DELETE /api/links/[id]": {
    what: "deletes one link",
    arrange: async (world) => ({ params: { id: world.link.id } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().link.findUnique({ where: { id: world.link.id } })).toBeNull(),
    ),
  },
  "PATCH /api/links/[id]": {
    what: "marks one link read or unread, sets or removes its reminder, archives it",
    arrange: async (world) => ({ params: { id: world.link.id }, json: { read: true, archived: true } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).toMatchObject({
        readAt: expect.any(Date),
        archivedAt: expect.any(Date),
      }),
    ),
  },
  "GET /api/links/[id]/article": {
    what: "the article of one link (pending until extracted, which starts after the response)",
    arrange: async (world) => ({ params: { id: world.link.id } }),
    expect: ownerScoped(200, async (_world, res) => expect(await readJson(res)).toEqual({ status: "pending" })),
  },
  "POST /api/links/[id]/article": {
    what: "extracts the article of one link again, after the response (rate-limited)",
    arrange: async (world) => ({ params: { id: world.link.id } }),
    expect: ownerScoped(202, async (_world, res) => expect(await readJson(res)).toEqual({ status: "pending" })),
  },
  "POST /api/links/[id]/article/anyway": {
    what: "extracts the text of one link's page found not to be an article, after the response (rate-limited)",
    arrange: async (world) => {
      await getDb().article.create({
        data: { linkId: world.link.id, userId: world.owner.id, status: "unavailable", reason: "not an article" },
      });
      return { params: { id: world.link.id } };
    },
    expect: ownerScoped(202, async (_world, res) => expect(await readJson(res)).toEqual({ status: "pending" })),
  },
  "GET /api/links/[id]/highlights": {
    what: "the highlights and notes of one link",
    arrange: async (world) => ({ params: { id: world.link.id } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => `Note ${world.mark}`),
    ),
  },
  "POST /api/links/[id]/highlights": {
    what: "highlights a passage of one link's article",
    arrange: async (world) => ({ params: { id: world.link.id }, json: { quote: `Quote ${world.tag}` } }),
    expect: ownerScoped(201, async (world) =>
      expect(await getDb().highlight.count({ where: { linkId: world.link.id } })).toBe(2),
    ),
  },
  "PATCH /api/links/[id]/highlights/[hid]": {
    what: "changes the note or colour of one highlight",
    arrange: async (world) => ({
      params: { id: world.link.id, hid: world.highlight.id },
      json: { note: `Changed ${world.tag}`, color: "green" },
    }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().highlight.findUniqueOrThrow({ where: { id: world.highlight.id } })).toMatchObject({
        note: `Changed ${world.tag}`,
        color: "green",
      }),
    ),
  },
  "DELETE /api/links/[id]/highlights/[hid]": {
    what: "deletes one highlight",
    arrange: async (world) => ({ params: { id: world.link.id, hid: world.highlight.id } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().highlight.findUnique({ where: { id: world.highlight.id } })).toBeNull(),
    ),
  },
  "GET /api/feed-items": {
    what: "the caller's items of feeds that go to the digest",
    arrange: async (world) => {
      await ownerFeedItem(world);
      return {};
    },
    expect: userScoped(200, {
      stranger: untouched(200, async (_world, res) => expect(await readJson(res)).toEqual([])),
      check: bodyHas((world) => `Item ${world.mark}`),
    }),
  },
  "POST /api/feed-items/[id]/save": {
    what: "saves one item of the caller's feeds to their stash",
    arrange: async (world) => ({ params: { id: await ownerFeedItem(world) } }),
    expect: ownerScoped(201, feedItemSaved),
  },
  "POST /api/save-feed-item": {
    what: "a digest's Save to stash link: the signed token (item and reader) is the only credential, a session is neither needed nor used; the answer names nothing",
    arrange: async (world) => ({ json: { token: saveFeedItemToken(await ownerFeedItem(world), world.owner.id) } }),
    expect: {
      "signed out": { status: 200, check: feedItemSaved },
      "another user": { status: 200, check: feedItemSaved },
      owner: { status: 200, check: feedItemSaved },
    },
  },
  "POST /api/mark-read": emailActionEntry("mark-read"),
  "POST /api/snooze": emailActionEntry("snooze"),
  "POST /api/not-interested": emailActionEntry("not-interested"),
  "GET /api/links/categories": {
    what: "the category names on the caller's links",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => `Cat ${world.mark}`) }),
  },
  "GET /api/links/lookup": {
    what: "the caller's link to an address, or null",
    arrange: async (world) => ({ query: `?url=${encodeURIComponent(world.link.url)}` }),
    expect: userScoped(200, {
      stranger: untouched(200, async (_world, res) => expect(await readJson(res)).toEqual({ link: null })),
      check: bodyHas((world) => world.link.id),
    }),
  },
  "GET /api/links/offline": {
    what: "the changes to the caller's newest unread links kept offline (those whose article is ready)",
    arrange: async (world) => {
      await getDb().article.create({ data: { linkId: world.link.id, userId: world.owner.id, status: "ready" } });
      return { query: "?keep=50" };
    },
    expect: userScoped(200, { check: bodyHas((world) => world.link.id) }),
  },
  "GET /api/links/history": {
    what: "the caller's links, paged",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.link.id) }),
  },
  "POST /api/links": {
    what: "saves a link for the caller",
    arrange: async (world) => ({ json: { url: `example.test/new-${world.tag}` } }),
    expect: userScoped(201, {
      check: async (world) => expect(await getDb().link.count({ where: { userId: world.owner.id } })).toBe(2),
    }),
  },
  "POST /api/import": {
    what: "imports an uploaded export into the caller's links",
    arrange: async (world) => ({
      query: "?filename=links.csv",
      body: `title,url,time_added,cursor,tags,status\nNew,https://example.test/import-${world.tag},1600000000,,,unread\n`,
    }),
    expect: userScoped(200, {
      check: async (world) => expect(await getDb().link.count({ where: { userId: world.owner.id } })).toBe(2),
    }),
  },
  "GET /api/export": {
    what: "downloads the caller's links",
    arrange: async () => ({ query: "?format=json" }),
    expect: userScoped(200, { check: bodyHas((world) => world.link.url) }),
  },
  "POST /api/export/kindle": {
    what: "mails a book of the caller's own link to the caller's own Kindle address; another user's link is not found",
    arrange: async (world) => {
      await getDb().user.update({
        where: { id: world.owner.id },
        data: { kindleEmail: `owner-${world.tag}@kindle.com` },
      });
      await getDb().user.update({
        where: { id: world.stranger.id },
        data: { kindleEmail: `stranger-${world.tag}@kindle.com` },
      });
      return { json: { link: world.link.id } };
    },
    expect: {
      "signed out": untouched(401),
      "another user": untouched(404),
      owner: {
        status: 200,
        check: async (world) =>
          expect(await getDb().mailboxMessage.count({ where: { to: `owner-${world.tag}@kindle.com` } })).toBe(1),
      },
    },
  },
  "GET /api/stats/reading": {
    what: "the caller's links saved and read per week",
    arrange: async (world) => {
      // The owner's link read now: the owner's figures count it, the stranger's (their own link, unread) do not.
      await getDb().link.update({ where: { id: world.link.id }, data: { readAt: new Date() } });
      return {};
    },
    expect: userScoped(200, { stranger: untouched(200, thisWeekCounts(1, 0)), check: thisWeekCounts(1, 1) }),
  },
  "GET /api/links/back-today": {
    what: "the caller's links whose reminder day has come",
    arrange: async (world) => {
      await getDb().link.update({ where: { id: world.link.id }, data: { remindOn: new Date("2020-01-01T00:00:00Z") } });
      return {};
    },
    expect: userScoped(200, { check: bodyHas((world) => world.link.id) }),
  },
  "GET /api/links/today": {
    what: "the caller's links of today",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.link.id) }),
  },
  "GET /api/login": {
    what: "a redirect to the sign-in page for anyone, returning only to a path of this site",
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      for (const actor of ACTORS) {
        const login = (returnTo: string) =>
          answer(
            route,
            rawRequest({
              method: "GET",
              path: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
              cookie: cookieOf(world, actor),
            }),
          );
        const res = await login("/history");
        expect(res.status).toBe(303);
        const target = new URL(res.headers.get("location") ?? "");
        expect(target.origin + target.pathname).toBe(`${ORIGIN}/login`);
        expect(target.searchParams.get("callbackUrl")).toBe("/history");
        for (const foreign of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
          const redirected = new URL((await login(foreign)).headers.get("location") ?? "");
          expect(redirected.searchParams.get("callbackUrl"), foreign).toBe("/dashboard");
        }
      }
      expect(await ownerState(world)).toEqual(before);
    },
  },
  "GET /api/logout": {
    what: "ends the caller's own session only and goes to /",
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const logout = (cookie?: string) => answer(route, rawRequest({ method: "GET", path: "/api/logout", cookie }));
      const out = await logout();
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe(`${ORIGIN}/`);
      expect((await logout(world.strangerCookie)).status).toBe(303);
      expect(await getDb().session.count({ where: { userId: world.stranger.id } })).toBe(0);
      expect(await ownerState(world)).toEqual(before);
      // What is not the user's own top-level navigation leaves every session alone.
      for (const headers of [
        { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      ]) {
        const res = await answer(
          route,
          rawRequest({ method: "GET", path: "/api/logout", cookie: world.ownerCookie, headers }),
        );
        expect([403, 303], JSON.stringify(headers)).toContain(res.status);
        if (res.status === 403) expect(await errorMessage(res)).not.toBeNull();
        else expect(res.headers.get("location")).toBe(`${ORIGIN}/sign-out`);
        expect(setCookiePair(res, "next-auth.session-token")).toBeUndefined();
      }
      expect(await ownerState(world)).toEqual(before);
      const own = await logout(world.ownerCookie);
      expect(own.status).toBe(303);
      expect(setCookiePair(own, "next-auth.session-token")).toBe("next-auth.session-token=");
      expect(await getDb().session.count({ where: { userId: world.owner.id } })).toBe(0);
    },
  },
  "POST /api/logout": {
    what: "the sign-out page's form: ends the caller's own session only, from this site only",
    origin: {
      exempt:
        "its own rule (lib/auth/logout-request.ts), asserted here: a POST without this site's Origin (or Sec-Fetch-Site: same-origin) is refused with 403",
    },
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const post = (cookie: string | undefined, origin?: string | null) =>
        answer(route, rawRequest({ method: "POST", path: "/api/logout", cookie, origin }));
      for (const origin of BAD_ORIGINS) {
        const refused = await post(world.ownerCookie, origin);
        expect(refused.status, `Origin ${origin ?? "(none)"}`).toBe(403);
        expect(await errorMessage(refused)).not.toBeNull();
      }
      expect(await ownerState(world)).toEqual(before);
      expect((await post(undefined)).status).toBe(303);
      expect((await post(world.strangerCookie)).status).toBe(303);
      expect(await getDb().session.count({ where: { userId: world.stranger.id } })).toBe(0);
      expect(await ownerState(world)).toEqual(before);
      const own = await post(world.ownerCookie);
      expect(own.status).toBe(303);
      expect(own.headers.get("location")).toBe(`${ORIGIN}/`);
      expect(setCookiePair(own, "next-auth.session-token")).toBe("next-auth.session-token=");
      expect(await getDb().session.count({ where: { userId: world.owner.id } })).toBe(0);
    },
  },
  "POST /api/stripe/webhook": {
    what: "Stripe's events: only a valid signature over the exact body is applied",
    origin: {
      exempt: "Stripe posts from its own servers without a session or Origin; the signature is the authentication",
    },
    run: async (route) => {
      const world = await newWorld();
      const { event, subscriptionId } = await paidCheckout(world);
      const before = await ownerState(world);
      const { default: Stripe } = await import("stripe");
      const post = (body: string, signature?: string) =>
        answer(
          route,
          rawRequest({
            method: "POST",
            path: "/api/stripe/webhook",
            origin: "https://hooks.stripe.example",
            contentType: "application/json; charset=utf-8",
            body,
            headers: signature === undefined ? {} : { "stripe-signature": signature },
          }),
        );
      const refused: [string, string, string | undefined][] = [
        ["no signature", event, undefined],
        ["an empty signature", event, ""],
        ["a forged signature", event, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`],
        [
          "another secret's signature",
          event,
          Stripe.webhooks.generateTestHeaderString({ payload: event, secret: "whsec_other" }),
        ],
        ["a tampered body", event.replace(world.owner.id, world.stranger.id), fake.sign(event)],
        [
          "an expired signature",
          event,
          Stripe.webhooks.generateTestHeaderString({
            payload: event,
            secret: "whsec_test_linkstash",
            timestamp: Math.floor(Date.now() / 1000) - 3600,
          }),
        ],
        ["garbage", "not json", "t=1,v1=abc"],
      ];
      for (const [label, body, signature] of refused) {
        const res = await post(body, signature);
        expect(res.status, label).toBe(400);
        expect(await errorMessage(res), label).toBe("Invalid signature");
      }
      expect(await ownerState(world)).toEqual(before);
      expect(await getDb().stripeEvent.count()).toBe(0);
      // Signed by Stripe: applied, whatever Origin the request carries.
      const ok = await post(event, fake.sign(event));
      expect(ok.status).toBe(200);
      expect(await reloadOwner(world)).toMatchObject({
        stripeSubscriptionId: subscriptionId,
        stripeSubscriptionStatus: "active",
      });
    },
  },
  "POST /api/inbound/mailgun/mime": {
    what: "mail Mailgun received for a save address: only a fresh signature from the signing key, used once, saves",
    origin: {
      exempt: "Mailgun posts from its own servers without a session or Origin; the signature is the authentication",
    },
    run: async (route) => {
      const world = await newWorld();
      const address = `${world.owner.saveAddressKey}@${INBOUND_DOMAIN}`;
      const bodyMime = plainMail({
        from: world.owner.email,
        to: address,
        subject: "A link",
        text: `https://example.test/mailed-${world.tag}`,
      });
      const fields = { recipient: address, sender: world.owner.email, bodyMime };
      const before = await ownerState(world);
      const now = Math.floor(Date.now() / 1000);
      const refused: [string, FormData][] = [
        [
          "a forged signature",
          mailgunInboundForm({ ...fields, signingKey: MAILGUN_KEY, signature: "0".repeat(64) }).form,
        ],
        ["another key's signature", mailgunInboundForm({ ...fields, signingKey: "another-key" }).form],
        ["a stale signature", mailgunInboundForm({ ...fields, signingKey: MAILGUN_KEY, timestamp: now - 3600 }).form],
      ];
      for (const [label, form] of refused) {
        const res = await answer(route, mailgunRequest(form, world.ownerCookie));
        expect(res.status, label).toBe(401);
        expect(await errorMessage(res), label).not.toBeNull();
      }
      expect(await ownerState(world)).toEqual(before);
      const { form } = mailgunInboundForm({ ...fields, signingKey: MAILGUN_KEY });
      const ok = await answer(route, mailgunRequest(form));
      expect(ok.status, await ok.clone().text()).toBe(200);
      const saved = await getDb().link.count({
        where: { userId: world.owner.id, url: `https://example.test/mailed-${world.tag}` },
      });
      expect(saved).toBe(1);
      const replayed = await answer(route, mailgunRequest(form));
      expect(replayed.status).toBe(401);
    },
  },
  "GET /api/subscription": {
    what: "the caller's plan",
    arrange: async () => ({}),
    expect: userScoped(200, { check: async (_, res) => expect(await readJson(res)).toMatchObject({ inTrial: true }) }),
  },
  "POST /api/subscriptions/create-checkout-session": {
    what: "a checkout for the caller at the server's price",
    arrange: async () => ({}),
    expect: userScoped(200, {
      check: async (_, res) => expect(await readJson(res)).toEqual({ url: expect.stringContaining("/checkout/cs_") }),
    }),
  },
  "GET /api/subscriptions/verify-session": {
    what: "confirms the owner's paid checkout session; another user's session is answered as missing",
    arrange: async (world) => {
      const { sessionId } = await paidCheckout(world);
      return { query: `?session_id=${sessionId}` };
    },
    expect: ownerScoped(200, async (world) =>
      expect((await reloadOwner(world))?.stripeSubscriptionStatus).toBe("active"),
    ),
  },
  "POST /api/test/email": {
    what: "the public email test: anyone, rate-limited",
    arrange: async (world) => ({ json: { email: `probe-${world.tag}@example.com` } }),
    expect: anyone(200, async (world) =>
      expect(await getDb().mailboxMessage.count({ where: { to: `probe-${world.tag}@example.com` } })).toBe(1),
    ),
  },
  "GET /api/user/save-address": {
    what: "the caller's own save address (made on first request); another user gets their own, never the owner's",
    arrange: async () => ({}),
    expect: userScoped(200, {
      check: async (world, res) =>
        expect(await readJson(res)).toEqual({
          address: `${world.owner.saveAddressKey}@${INBOUND_DOMAIN}`,
          fromAnySender: false,
        }),
    }),
  },
  "GET /api/user/kindle": {
    what: "the caller's own Send to Kindle settings",
    arrange: async () => ({}),
    expect: userScoped(200),
  },
  "PUT /api/user/kindle": {
    what: "sets the caller's own Kindle address",
    arrange: async (world) => ({ json: { kindleEmail: `set-${world.tag}@kindle.com` } }),
    expect: userScoped(200, {
      check: async (world) => expect((await reloadOwner(world))?.kindleEmail).toBe(`set-${world.tag}@kindle.com`),
    }),
  },
  "PUT /api/user/save-address": {
    what: "sets whose mail the caller's own save address saves",
    arrange: async () => ({ json: { fromAnySender: true } }),
    expect: userScoped(200, {
      check: async (world) => expect((await reloadOwner(world))?.saveMailFromAnySender).toBe(true),
    }),
  },
  "POST /api/user/save-address/regenerate": {
    what: "replaces the caller's own save address; the old one stops working",
    arrange: async () => ({}),
    expect: userScoped(200, {
      check: async (world, res) => {
        const key = (await reloadOwner(world))?.saveAddressKey;
        expect(key).toMatch(/^[a-z2-7]{26}$/);
        expect(key).not.toBe(world.owner.saveAddressKey);
        expect(await readJson(res)).toEqual({ address: `${key}@${INBOUND_DOMAIN}`, fromAnySender: false });
      },
    }),
  },
  "GET /api/tokens": {
    what: "the caller's working API tokens, never a secret",
    arrange: async () => ({}),
    expect: userScoped(200, {
      check: async (world, res) => {
        const text = await res.clone().text();
        expect(text).toContain(world.ownerTokenId);
        expect(text).not.toContain(world.ownerToken);
      },
    }),
  },
  "GET /api/feeds": {
    what: "the caller's feed subscriptions",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.subscriptionId) }),
  },
  "POST /api/feeds": {
    what: "subscribes the caller to a feed",
    arrange: async (world) => ({ json: { url: world.feedUrl } }),
    expect: userScoped(201, {
      stranger: untouched(201),
      check: async (world) =>
        expect(
          await getDb().subscription.count({ where: { userId: world.owner.id, source: { url: world.feedUrl } } }),
        ).toBe(1),
    }),
  },
  "PATCH /api/feeds/[id]": {
    what: "changes one subscription",
    arrange: async (world) => ({ params: { id: world.subscriptionId }, json: { into: "digest" } }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().subscription.findUnique({ where: { id: world.subscriptionId } }))?.into).toBe("digest"),
    ),
  },
  "DELETE /api/feeds/[id]": {
    what: "ends one subscription",
    arrange: async (world) => ({ params: { id: world.subscriptionId } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().subscription.count({ where: { id: world.subscriptionId } })).toBe(0),
    ),
  },
  "POST /api/feeds/[id]/refresh": {
    what: "checks one subscription's feed now",
    arrange: async (world) => ({ params: { id: world.subscriptionId } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => world.subscriptionId),
    ),
  },
  "GET /api/user/feeds": {
    what: "the caller's private feed addresses (made on first use)",
    arrange: async () => ({}),
    expect: userScoped(200, {
      check: async (world, res) => {
        const owner = await reloadOwner(world);
        expect(await res.clone().text()).toContain(owner?.feedKey ?? "no key was made");
      },
    }),
  },
  "POST /api/user/feeds/regenerate": {
    what: "new feed addresses for the caller (the old ones stop working)",
    arrange: async (world) => {
      await getDb().user.update({ where: { id: world.owner.id }, data: { feedKey: `old-${world.mark}` } });
      return {};
    },
    expect: userScoped(200, {
      stranger: {
        status: 200,
        check: async (world) => expect((await reloadOwner(world))?.feedKey).toBe(`old-${world.mark}`),
      },
      check: async (world) => expect((await reloadOwner(world))?.feedKey).not.toBe(`old-${world.mark}`),
    }),
  },
  "GET /api/feeds/[id]/[...feed]": {
    what: "a private feed: the secret in its address is the credential, whoever sends it; any other secret is 404",
    arrange: async (world) => {
      const key = randomBytes(32).toString("base64url");
      await getDb().user.update({ where: { id: world.owner.id }, data: { feedKey: key } });
      return { params: { id: key, feed: ["categories", `Cat ${world.mark}`] } };
    },
    expect: { "signed out": feedKeyHolder(), "another user": feedKeyHolder(), owner: feedKeyHolder() },
  },
  "GET /api/user/app-passwords": {
    what: "the caller's app passwords and what an app asks for beside them, never a password",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.ownerAppPasswordId) }),
  },
  "POST /api/user/app-passwords": {
    what: "creates an app password for the caller (session only)",
    arrange: async (world) => ({ json: { name: `Reader ${world.tag}` } }),
    expect: userScoped(201, {
      check: async (world) =>
        expect(
          await getDb().apiToken.count({
            where: { userId: world.owner.id, kind: "app_password", name: `Reader ${world.tag}` },
          }),
        ).toBe(1),
    }),
  },
  "DELETE /api/user/app-passwords/[id]": {
    what: "revokes one app password and what apps were given for it (session only)",
    arrange: async (world) => ({ params: { id: world.ownerAppPasswordId } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().appGrant.count({ where: { tokenId: world.ownerAppPasswordId } })).toBe(0),
    ),
  },
  "GET /api/entries": {
    what: "a page of the caller's entries (wallabag)",
    arrange: async () => ({ query: "?perPage=5" }),
    expect: userScoped(200, { check: bodyHas((world) => world.mark) }),
  },
  "POST /api/entries": {
    what: "saves an entry for the caller (wallabag)",
    arrange: async (world) => ({ json: { url: `https://saved.test/${world.tag}`, tags: "read-later" } }),
    expect: userScoped(200, {
      check: async (world) =>
        expect(
          await getDb().link.count({ where: { userId: world.owner.id, url: `https://saved.test/${world.tag}` } }),
        ).toBe(1),
    }),
  },
  "GET /api/entries/exists": {
    what: "whether the caller saved an address (wallabag)",
    arrange: async (world) => ({ query: `?return_id=1&url=${encodeURIComponent(world.link.url)}` }),
    expect: userScoped(200, {
      stranger: untouched(200, async (_world, res) => expect(await readJson(res)).toEqual({ exists: null })),
      check: async (world, res) => expect(await readJson(res)).toEqual({ exists: world.link.serial }),
    }),
  },
  "GET /api/entries/[id]": {
    what: "one entry (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => world.mark),
    ),
  },
  "PATCH /api/entries/[id]": {
    what: "archives and stars one entry (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) }, json: { archive: 1, starred: 1 } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).toMatchObject({
        readAt: expect.any(Date),
        favoritedAt: expect.any(Date),
      }),
    ),
  },
  "DELETE /api/entries/[id]": {
    what: "deletes one entry (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().link.count({ where: { id: world.link.id } })).toBe(0),
    ),
  },
  "GET /api/entries/[id]/[file]": {
    what: "one entry as a text file (wallabag's export)",
    arrange: async (world) => ({ params: { id: String(world.link.serial), file: "export.txt" } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => world.link.url),
    ),
  },
  "PATCH /api/entries/[id]/reload": {
    what: "owes one entry's page another fetch (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().pageWork.count({ where: { linkId: world.link.id } })).toBe(1),
    ),
  },
  "GET /api/entries/[id]/tags": {
    what: "one entry's tags (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => world.mark),
    ),
  },
  "POST /api/entries/[id]/tags": {
    what: "tags one entry (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) }, json: { tags: world.tag } }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).categories).toContain(world.tag),
    ),
  },
  "DELETE /api/entries/[id]/tags/[tag]": {
    what: "takes a tag off one entry (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial), tag: `Cat ${world.mark}` } }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).categories).toEqual([
        "Uncategorized",
      ]),
    ),
  },
  "GET /api/tags": {
    what: "the caller's tags (wallabag)",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.mark) }),
  },
  "DELETE /api/tags/[tag]": {
    what: "takes a tag off every entry of the caller (wallabag)",
    arrange: async (world) => ({ params: { tag: `Cat ${world.mark}` } }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).categories).toEqual([
        "Uncategorized",
      ]),
    ),
  },
  "DELETE /api/tag/label": {
    what: "takes a tag, by its name, off every entry of the caller (wallabag)",
    arrange: async (world) => ({ query: `?tag=${encodeURIComponent(`Cat ${world.mark}`)}` }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).categories).toEqual([
        "Uncategorized",
      ]),
    ),
  },
  "DELETE /api/tags/label": {
    what: "takes tags, by their names, off every entry of the caller (wallabag)",
    arrange: async (world) => ({ query: `?tags=${encodeURIComponent(`Cat ${world.mark},other`)}` }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().link.findUniqueOrThrow({ where: { id: world.link.id } })).categories).toEqual([
        "Uncategorized",
      ]),
    ),
  },
  "GET /api/annotations/[id]": {
    what: "one entry's annotations: its highlights (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.link.serial) } }),
    expect: ownerScoped(
      200,
      bodyHas((world) => world.mark),
    ),
  },
  "POST /api/annotations/[id]": {
    what: "annotates one entry: a highlight (wallabag)",
    arrange: async (world) => ({
      params: { id: String(world.link.serial) },
      json: { text: `Note ${world.tag}`, quote: `Passage ${world.tag}`, ranges: [] },
    }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().highlight.count({ where: { linkId: world.link.id } })).toBe(2),
    ),
  },
  "PUT /api/annotations/[id]": {
    what: "changes one annotation's text: a highlight's note (wallabag)",
    arrange: async (world) => ({
      params: { id: String(world.highlight.serial) },
      json: { text: `Changed ${world.tag}` },
    }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().highlight.findUniqueOrThrow({ where: { id: world.highlight.id } })).note).toBe(
        `Changed ${world.tag}`,
      ),
    ),
  },
  "DELETE /api/annotations/[id]": {
    what: "deletes one annotation: a highlight (wallabag)",
    arrange: async (world) => ({ params: { id: String(world.highlight.serial) } }),
    expect: ownerScoped(200, async (world) =>
      expect(await getDb().highlight.findUnique({ where: { id: world.highlight.id } })).toBeNull(),
    ),
  },
  "GET /api/version": {
    what: "the wallabag version the server answers as, for anyone",
    arrange: async () => ({}),
    expect: anyone(200),
  },
  "GET /api/info": {
    what: "what the server is, for anyone",
    arrange: async () => ({}),
    expect: anyone(200),
  },
  "GET /api/user": {
    what: "the caller's account as wallabag shows it",
    arrange: async () => ({}),
    expect: userScoped(200, { check: bodyHas((world) => world.owner.email) }),
  },
  "POST /api/tokens": {
    what: "creates an API token for the caller (session only)",
    arrange: async (world) => ({ json: { name: `New ${world.tag}` } }),
    expect: userScoped(201, {
      check: async (world) =>
        expect(await getDb().apiToken.count({ where: { userId: world.owner.id, name: `New ${world.tag}` } })).toBe(1),
    }),
  },
  "DELETE /api/tokens/[id]": {
    what: "revokes one API token (session only)",
    arrange: async (world) => ({ params: { id: world.ownerTokenId } }),
    expect: ownerScoped(200, async (world) =>
      expect((await getDb().apiToken.findUnique({ where: { id: world.ownerTokenId } }))?.revokedAt).toBeInstanceOf(
        Date,
      ),
    ),
  },
  "POST /api/extension/connect": {
    what: "creates the browser extension's token for the caller (session only)",
    arrange: async () => ({
      json: {
        redirectUrl: `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`,
        state: "a-random-state-0123",
      },
    }),
    expect: userScoped(201, {
      check: async (world) =>
        expect(
          await getDb().apiToken.count({ where: { userId: world.owner.id, name: "Browser extension (Chromium)" } }),
        ).toBe(1),
    }),
  },
  "POST /api/unsubscribe": {
    what: "one-click unsubscribe: the signed token in the URL is the only credential; a session is not one",
    origin: {
      exempt:
        "RFC 8058: mail providers POST the List-Unsubscribe URL from their own servers, without a session or Origin",
    },
    run: async (route) => {
      const world = await newWorld();
      const before = await ownerState(world);
      const ownerToken = unsubscribeToken(world.owner.id);
      const post = (query: string, cookie?: string, origin?: string | null) =>
        answer(
          route,
          rawRequest({
            method: "POST",
            path: `/api/unsubscribe${query}`,
            cookie,
            origin,
            contentType: "application/x-www-form-urlencoded",
            body: "List-Unsubscribe=One-Click",
          }),
        );
      const tampered = `${ownerToken.slice(0, -2)}${ownerToken.endsWith("AA") ? "BB" : "AA"}`;
      for (const [label, query, cookie] of [
        ["no token, owner's session", "", world.ownerCookie],
        ["garbage token", "?token=nope", undefined],
        ["tampered token", `?token=${tampered}`, undefined],
        [
          "another user's token forged for the owner",
          `?token=${unsubscribeToken(world.stranger.id).split(".")[0]}.${ownerToken.split(".")[1]}`,
          undefined,
        ],
      ] satisfies [string, string, string | undefined][]) {
        const res = await post(query, cookie);
        expect(res.status, label).toBe(400);
        await expectErrorBody(res, label);
      }
      // Another user's own token, with the owner's session: only that user is unsubscribed.
      expect((await post(`?token=${unsubscribeToken(world.stranger.id)}`, world.ownerCookie)).status).toBe(200);
      expect(await ownerState(world)).toEqual(before);
      // The owner's token from a mail provider: no session, a foreign Origin.
      const ok = await post(`?token=${ownerToken}`, undefined, "https://mail.example");
      expect(ok.status).toBe(200);
      expect((await reloadOwner(world))?.emailFrequency).toBe("none");
    },
  },
  "GET /api/unsubscribe": {
    what: "opening the link leads to the confirmation page and changes nothing",
    arrange: async (world) => ({ query: `?token=${unsubscribeToken(world.owner.id)}` }),
    expect: anyone(303, async (_, res) =>
      expect(new URL(res.headers.get("location") ?? "").pathname).toBe("/unsubscribe"),
    ),
  },
  "POST /api/user/onboard": {
    what: "the caller's own onboarding; another user asking for the owner's address is answered as for any address and gets nothing",
    arrange: async (world) => ({ json: { email: world.owner.email, emailTime: 21, timezone: "Asia/Tokyo" } }),
    expect: userScoped(200, {
      stranger: addressOfTheOwner(),
      check: async (world) => expect((await reloadOwner(world))?.timezone).toBe("Asia/Tokyo"),
    }),
  },
  "DELETE /api/user": {
    what: "deletes the caller's own account only",
    arrange: async () => ({}),
    expect: userScoped(200, {
      stranger: untouched(200, async (world) =>
        expect(await getDb().user.findUnique({ where: { id: world.stranger.id } })).toBeNull(),
      ),
      check: async (world) => expect(await reloadOwner(world)).toBeNull(),
    }),
  },
  "PUT /api/user/settings": {
    what: "the caller's own email preferences; another user asking for the owner's address is answered as for any address and gets nothing",
    arrange: async (world) => ({
      json: { email: world.owner.email, emailFrequency: "weekly", emailDays: [2], emailHours: { "2": 7 } },
    }),
    expect: userScoped(200, {
      stranger: addressOfTheOwner(),
      check: async (world) =>
        expect(await reloadOwner(world)).toMatchObject({ emailDays: [2], emailHours: { "2": 7 } }),
    }),
  },
  "POST /api/user/email/confirm": {
    what: "confirms the caller's own pending address with the link's token; another user's session cannot use it",
    arrange: async (world) => {
      const wanted = `new-${world.tag}@example.com`;
      const put = await send(
        routeFor("PUT /api/user/settings"),
        { json: { email: wanted, emailFrequency: "none" } },
        { cookie: world.ownerCookie },
      );
      expect(put.status).toBe(200);
      const [message] = await getDb().mailboxMessage.findMany({ where: { to: wanted } });
      const token = /confirm-email\?token=([\w-]+)/.exec(message?.text ?? "")?.[1];
      if (!token) throw new Error("no confirmation link");
      return { json: { token } };
    },
    expect: userScoped(200, {
      stranger: untouched(404),
      check: async (world) => expect((await reloadOwner(world))?.email).toBe(`new-${world.tag}@example.com`),
    }),
  },
  ...unknownApiPathEntries(),
};

/**
 * An /api path no route serves, by every method: the same 404 `{ code, message }` for everyone, a
 * cookie neither needed nor read (a signed-out caller is not sent to sign in).
 */
function unknownApiPathEntries(): Record<string, Entry> {
  const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
  return Object.fromEntries(
    methods.map((method): [string, Entry] => [
      `${method} ${UNKNOWN_API_PATH_PATTERN}`,
      {
        what: "an /api path that does not exist: 404 not_found as JSON for everyone, nothing about anyone",
        origin: { exempt: "nothing happens at an unknown path: every caller gets the same 404" },
        arrange: async (world) => ({ params: { unknown: ["no-such-endpoint", world.tag] } }),
        expect: anyone(404, async (_, res) => {
          expect(res.headers.get("content-type")).toMatch(/^application\/json/);
          expect(await readJson(res)).toEqual({ code: "not_found", message: "There is no API endpoint at this path." });
        }),
      },
    ]),
  );
}

// Origins a browser or a script might send that are not this site's.
const BAD_ORIGINS: (string | null)[] = [
  null,
  "null",
  "https://evil.example",
  `${ORIGIN}.evil.example`,
  ORIGIN.replace("http://", "https://"),
  ORIGIN.replace(/:\d+$/, ":3001"),
  ORIGIN.toUpperCase(),
];

/** A call for a route when no entry arranges one: a placeholder in each dynamic segment, no query or body. */
function placeholderCall(route: RouteMethod): Call {
  const params: RouteParams = Object.fromEntries(
    dynamicSegments(route.pattern).map(({ name, catchAll }) => [name, catchAll ? ["no-such-id"] : "no-such-id"]),
  );
  return { params };
}

/** The refusals an operation's contract promises (see the top of this file), each changing nothing. */
async function expectContractRefusals(route: RouteMethod, operation: Operation, entry: Entry | undefined) {
  const world = await newWorld();
  const call = entry && !("run" in entry) ? await entry.arrange(world) : placeholderCall(route);
  const before = await ownerState(world);
  const refusal = async (what: string, res: Response, status: number | number[], code?: ErrorCode) => {
    const label = `${route.key} ${what}`;
    expect(Array.isArray(status) ? status : [status], `${label}: ${await res.clone().text()}`).toContain(res.status);
    await expectErrorBody(res, label);
    if (code) expect((await errorBody(res))?.code, label).toBe(code);
  };
  const { access } = operation;
  if (access === "session" || access === "token" || access === "app")
    await refusal("signed out", await send(route, call, {}), 401, "unauthenticated");
  if (access === "app") {
    await refusal(
      "with the owner's session alone",
      await send(route, call, { cookie: world.ownerCookie }),
      401,
      "unauthenticated",
    );
    const res = await send(route, withBearer(call, world.revokedAppToken), { cookie: world.ownerCookie });
    await refusal("with an app token whose app password was revoked", res, 401, "invalid_token");
  }
  if (access === "session") {
    const res = await send(route, withBearer(call, world.ownerToken), {});
    await refusal("with the owner's token alone", res, 403, "insufficient_scope");
    expect(await errorMessage(res)).toBe(SESSION_ONLY_MESSAGE);
  }
  if (access === "token") {
    const res = await send(route, withBearer(call, world.revokedToken), { cookie: world.ownerCookie });
    await refusal("with a revoked token beside the owner's session", res, 401, "invalid_token");
  }
  if (access === "cron")
    for (const [what, cookie, authorization] of [
      ["without the secret", undefined, undefined],
      ["with the owner's session", world.ownerCookie, undefined],
      ["with a wrong secret", undefined, "Bearer wrong-secret"],
      ["with the owner's token", undefined, `Bearer ${world.ownerToken}`],
    ] as const) {
      const sent = authorization ? { ...call, headers: { ...call.headers, authorization } } : call;
      await refusal(what, await send(route, sent, { cookie }), 401);
    }
  if (access === "signature")
    for (const [what, cookie] of [
      ["without a signature", undefined],
      ["with the owner's session and no signature", world.ownerCookie],
    ] as const)
      await refusal(what, await send(route, call, { cookie }), [400, 401]);
  // An app's operation reads no cookie, so another site's page has no credential to send along.
  if (operation.wrapped && isMutating(route.method) && access !== "app")
    for (const origin of BAD_ORIGINS) {
      const res = await send(route, call, { cookie: world.ownerCookie, origin });
      await refusal(`from Origin ${origin ?? "(none)"}`, res, 403, "cross_origin");
    }
  expect(await ownerState(world)).toEqual(before);
}

describe("access matrix", () => {
  it("derives each URL pattern from its route file's path", () => {
    expect(routePattern("app/api/(admin)/links/[id]/route.ts")).toBe("/api/links/[id]");
    expect(routePattern("app/api/auth/[...nextauth]/route.ts")).toBe("/api/auth/[...nextauth]");
    expect(fillPattern("/api/auth/[...nextauth]", { nextauth: ["signin", "email"] })).toBe("/api/auth/signin/email");
    expect(fillPattern("/api/links/[id]", { id: "a b" })).toBe("/api/links/a%20b");
  });

  it("joins every route method to its operation, and has an entry for each route method and none without one", () => {
    const { routesWithout, operationsWithout } = join;
    expect({ routesWithout, operationsWithout }).toEqual({ routesWithout: [], operationsWithout: [] });
    expect(
      inventory.map((route) => route.key).filter((key) => !(key in MATRIX)),
      "routes without a matrix entry",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !routeByKey.has(key)),
      "matrix entries without a route",
    ).toEqual([]);
    for (const route of inventory.filter((candidate) => isMutating(candidate.method))) {
      const exempt = MATRIX[route.key]?.origin;
      if (operationByRoute.get(route.key)?.wrapped)
        expect(exempt, `${route.key}: the API wrapper refuses another site's Origin; no exemption`).toBeUndefined();
      else expect(exempt, `${route.key}: outside the API wrapper, a mutation says why it is exempt`).toBeDefined();
    }
    const exempt = Object.entries(MATRIX).flatMap(([key, entry]) =>
      entry.origin ? [`  ${key}: ${entry.origin.exempt}`] : [],
    );
    console.log(`same-origin exemptions (asserted in their entries):\n${exempt.join("\n")}`);
    const files = listRouteFiles();
    expect(new Set(inventory.map((route) => route.file)).size).toBe(files.length);
    console.log(`access matrix: ${files.length} routes, ${inventory.length} methods covered`);
  });

  describe("what every operation's contract promises", () => {
    for (const { route, operation } of join.joined) {
      const { access } = operation;
      const promised = access !== "public" || (operation.wrapped && isMutating(route.method));
      if (!promised) continue;
      it(`${route.key} [${access}${operation.wrapped ? ", wrapped" : ""}] refuses what its access refuses`, async () =>
        expectContractRefusals(route, operation, MATRIX[route.key]));
    }
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    const access = operationByRoute.get(key)?.access ?? "no operation";
    describe(`${key} [${access}]`, () => {
      if ("run" in entry) {
        it(entry.what, async () => entry.run(routeFor(key)));
        return;
      }
      for (const actor of ACTORS) {
        const expectation = entry.expect[actor];
        it(`${actor} -> ${expectation.status}${expectation.ownerUntouched ? ", owner untouched" : ""}`, async () => {
          const world = await newWorld();
          const call = await entry.arrange(world);
          const before = await ownerState(world);
          const res =
            access === "app"
              ? await send(routeFor(key), appCall(world, actor, call), { origin: null })
              : await send(routeFor(key), call, { cookie: cookieOf(world, actor) });
          const label = `${key} as ${actor}`;
          expect(res.status, `${label}: ${await res.clone().text()}`).toBe(expectation.status);
          await expectErrorBody(res, label);
          if (actor !== "owner") {
            const text = await res.clone().text();
            const echoed = expectation.echoes?.(world) ?? [];
            for (const secret of ownerSecrets(world).filter((secret) => !echoed.includes(secret)))
              expect(text, `${label} leaks the owner's ${secret}`).not.toContain(secret);
          }
          if (expectation.ownerUntouched) expect(await ownerState(world)).toEqual(before);
          await expectation.check?.(world, res);
        });
      }
      if (access === "token" || access === "app")
        it("accepts each actor's API token instead of the cookie, without an Origin", async () => {
          for (const actor of ["another user", "owner"] as const) {
            const world = await newWorld();
            const call = await entry.arrange(world);
            const before = await ownerState(world);
            const token = actor === "owner" ? world.ownerToken : world.strangerToken;
            const res = await send(routeFor(key), withBearer(call, token), { origin: null });
            const expectation = entry.expect[actor];
            const label = `${key} with the ${actor}'s token`;
            expect(res.status, `${label}: ${await res.clone().text()}`).toBe(expectation.status);
            await expectErrorBody(res, label);
            if (actor !== "owner") {
              const text = await res.clone().text();
              for (const secret of ownerSecrets(world))
                expect(text, `${label} leaks the owner's ${secret}`).not.toContain(secret);
            }
            if (expectation.ownerUntouched) expect(await ownerState(world)).toEqual(before);
            await expectation.check?.(world, res);
          }
        });
    });
  }
});
