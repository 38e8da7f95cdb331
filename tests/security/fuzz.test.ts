import fc from "fast-check";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmailAction } from "@/lib/digests/email-actions";
import type { User } from "@/lib/generated/prisma/client";
import type { Access, Operation } from "@/lib/http/contract";
import type { FuzzBody } from "@/tests/security/fuzz-arbitraries";
import type { RawRequest } from "@/tests/security/route-call";
import type { RouteMethod, RouteParams } from "@/tests/security/route-inventory";

// Fuzzes every mutating /api operation with generated requests (fast-check): hostile bodies, path
// parameters, tokens, signatures, sessions and origins. An operation's input comes from its contract
// (lib/<domain>/contract.ts: the params, query and body schemas, through schema-arbitrary.ts) and its
// senders from its access; OVERRIDES below give the inputs a schema cannot describe (signed tokens,
// providers' signatures, uploads, next-auth, ids that belong together) and the GETs also fuzzed. Every answer must be below 500, every 4xx
// a JSON {code, message} (a code of lib/http/error-codes.ts), no request may touch another user's rows, and the database invariants
// (tests/security/invariants.ts) must hold afterwards.
//
//   FUZZ_RUNS  generated requests per endpoint (default 70: about 1,500 in all; 500 gives 11,000)
//   FUZZ_SEED  the fast-check seed (default 42); endpoint i uses FUZZ_SEED + i

const fake = await vi.hoisted(async () => (await import("@/tests/support/stripe-billing")).startBillingFake());
// Save by email on, with Mailgun's webhook, so its routes are fuzzed for real.
const MAILGUN_KEY = vi.hoisted(() => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-key-for-the-fuzzer";
  return "mailgun-key-for-the-fuzzer";
});

// The page fetcher (titles and articles) runs after the response and would resolve every generated
// host name; its own tests cover it. Here it only records what it was asked to fetch.
const unfurled = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/unfurl/fetch-page", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/unfurl/fetch-page")>()),
  fetchPageHtml: async () => {
    unfurled.count += 1;
    return null;
  },
}));

const { getDb } = await import("@/lib/db/client");
const { encodeHistoryCursor } = await import("@/lib/links/service");
const { SESSION_COOKIE } = await import("@/lib/auth/session");
const { unsubscribeToken } = await import("@/lib/digests/unsubscribe");
const { EMAIL_ACTIONS, emailActionToken } = await import("@/lib/digests/email-actions");
const { saveFeedItemToken } = await import("@/lib/digests/save-feed-item-token");
const { signedInUser } = await import("@/tests/support/factories");
const { TEST_PRICE_ID } = await import("@/tests/support/stripe-billing");
const { dynamicSegments, fillPattern, isMutating, joinOperations, loadRouteInventory, UNKNOWN_API_PATH_PATTERN } =
  await import("@/tests/security/route-inventory");
const { OPERATIONS } = await import("@/lib/api-docs/document");
const { WALLABAG_OPERATIONS } = await import("@/lib/wallabag/contract");
const { createAppPassword } = await import("@/lib/app-passwords/service");
const { issueTokens } = await import("@/lib/app-passwords/grants");
const { OWN_EMAIL, schemaFields, schemaValue } = await import("@/tests/security/schema-arbitrary");
const { callRoute, errorMessage, parseErrorBody, rawRequest } = await import("@/tests/security/route-call");
const { ORIGIN } = await import("@/tests/support/factories");
const { mailgunSign } = await import("@/tests/fakes/mailgun-inbound");
const { plainMail } = await import("@/tests/support/inbound-mail");
const { INVARIANTS, violatedInvariants } = await import("@/tests/security/invariants");
const {
  anyString,
  anyValue,
  fuzzBody,
  nastyString,
  NUL_VALUES,
  ODD_SEGMENT_VALUES,
  plausible,
  shape,
  unstorableString,
} = await import("@/tests/security/fuzz-arbitraries");

function readCount(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${raw}`);
  return value;
}

const RUNS = readCount("FUZZ_RUNS", 70);
const SEED = readCount("FUZZ_SEED", 42);
/** A request this slow means a pathological input (a regex or a query gone quadratic). */
const SLOW_MS = 10_000;

afterAll(() => fake.close());

// ---------------------------------------------------------------------------------------------
// The world the requests act on.

/** A user with a session and an app's access token (for an app password). */
type FuzzUser = { user: User; cookie: string; appToken: string; label: string };
type Owned = { id: string; ownerId: string };

type Pool = {
  users: FuzzUser[];
  links: Owned[];
  /** Each with the link it is on. */
  highlights: (Owned & { linkId: string })[];
  categories: Owned[];
  invitations: (Owned & { code: string })[];
  tokens: Owned[];
  /** The links again, by the number an app names them with. */
  entries: Owned[];
  /** The highlights again, by the number an app names them with (wallabag's annotations). */
  annotations: Owned[];
  /** Items of feeds that go to the digest, by their item's id. */
  feedItems: Owned[];
  expiredCookie: string;
};

const DAY = 86_400_000;
let pool: Pool;
/** The account DELETE /api/user is sent for; replaced once deleted. Never an account that claimed an invitation. */
let victim: FuzzUser | undefined;

async function fuzzUser(label: string, data: Parameters<typeof signedInUser>[0] = {}): Promise<FuzzUser> {
  const { user, cookie } = await signedInUser(data);
  const db = getDb();
  const link = await db.link.create({
    data: { userId: user.id, url: `https://example.test/${label}`, category: "News", categories: ["News", "Work"] },
  });
  await db.highlight.create({ data: { userId: user.id, linkId: link.id, quote: `A passage ${label}` } });
  await db.category.create({ data: { userId: user.id, name: `Own ${label}`, nameKey: `own ${label}` } });
  await db.invitation.create({ data: { inviterId: user.id, code: `${label}-code-${user.id}`.slice(0, 64) } });
  await db.apiToken.create({
    data: { userId: user.id, name: `Token ${label}`, tokenHash: `fuzz-${user.id}`, prefix: "lsk_fuzz" },
  });
  const source = await db.feedSource.create({
    data: { url: `https://feed.example/${label}-${user.id}`, title: label },
  });
  const subscription = await db.subscription.create({
    data: { userId: user.id, sourceId: source.id, into: "digest", category: "News" },
  });
  const item = await db.feedItem.create({
    data: { sourceId: source.id, guid: label, url: `https://example.test/feed-${label}`, title: `Item ${label}` },
  });
  await db.feedDelivery.create({
    data: { subscriptionId: subscription.id, itemId: item.id, userId: user.id, into: "digest" },
  });
  const { appPassword } = await createAppPassword(user, `App ${label}`);
  return { user, cookie, appToken: (await issueTokens(appPassword.id)).accessToken, label };
}

async function refreshPool(): Promise<void> {
  const db = getDb();
  const ids = pool.users.map(({ user }) => user.id);
  const users = await db.user.findMany({ where: { id: { in: ids } } });
  pool.users = pool.users.flatMap((entry) => {
    const user = users.find((row) => row.id === entry.user.id);
    return user ? [{ ...entry, user }] : [];
  });
  const owned = { userId: { in: ids } };
  const links = await db.link.findMany({ where: owned, select: { id: true, serial: true, userId: true } });
  pool.links = links.map(({ id, userId }) => ({ id, ownerId: userId }));
  const entries = links.map(({ serial, userId }) => ({ id: String(serial), ownerId: userId }));
  const highlights = await db.highlight.findMany({
    where: owned,
    select: { id: true, serial: true, userId: true, linkId: true },
  });
  pool.highlights = highlights.map(({ id, userId, linkId }) => ({ id, ownerId: userId, linkId }));
  const annotations = highlights.map(({ serial, userId }) => ({ id: String(serial), ownerId: userId }));
  // Links and highlights are numbered apart: a number that is one user's entry and another's
  // annotation addresses neither (/api/annotations/{id} reads an entry's for GET and POST, an
  // annotation's for PUT and DELETE).
  const ownerOf = new Map<string, Set<string>>();
  for (const row of [...entries, ...annotations])
    ownerOf.set(row.id, (ownerOf.get(row.id) ?? new Set()).add(row.ownerId));
  const unambiguous = (row: Owned) => (ownerOf.get(row.id)?.size ?? 0) === 1;
  pool.entries = entries.filter(unambiguous);
  pool.annotations = annotations.filter(unambiguous);
  pool.categories = (await db.category.findMany({ where: owned, select: { id: true, userId: true } })).map(
    ({ id, userId }) => ({ id, ownerId: userId }),
  );
  pool.invitations = (await db.invitation.findMany({ where: { inviterId: { in: ids } } })).map(
    ({ id, inviterId, code }) => ({ id, ownerId: inviterId, code }),
  );
  pool.feedItems = (await db.feedDelivery.findMany({ where: owned, select: { itemId: true, userId: true } })).map(
    ({ itemId, userId }) => ({ id: itemId, ownerId: userId }),
  );
  pool.tokens = (
    await db.apiToken.findMany({ where: { ...owned, revokedAt: null }, select: { id: true, userId: true } })
  ).map(({ id, userId }) => ({ id, ownerId: userId }));
}

// ---------------------------------------------------------------------------------------------
// Who sends, from where.

type Actor =
  | { kind: "user"; index: number }
  /** The owner of the row the request addresses (another fuzz user when it addresses none). */
  | { kind: "row owner" }
  | { kind: "victim" }
  | { kind: "anonymous"; cookie: string | undefined; label: string };

const anonymous: fc.Arbitrary<Actor> = fc
  .constantFrom<[string, () => string | undefined]>(
    ["signed out", () => undefined],
    ["an unknown session", () => `${SESSION_COOKIE}=no-such-session`],
    ["an expired session", () => pool.expiredCookie],
    ["a NUL session token", () => `${SESSION_COOKIE}=%00`],
    ["a malformed %-encoded token", () => `${SESSION_COOKIE}=%E0%A4%A`],
    ["a 4 kB token", () => `${SESSION_COOKIE}=${"a".repeat(4096)}`],
    ["a token of two cookies", () => `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`],
  )
  .map(([label, cookie]) => ({ kind: "anonymous", cookie: cookie(), label }));

/** Senders by the operation's access: users where a session is the credential, mostly strangers where it is not. */
function actors(target: Target): fc.Arbitrary<Actor> {
  if (target.actors === "victims")
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<Actor>({ kind: "victim" }) },
      { weight: 2, arbitrary: anonymous },
    );
  const anyUser = fc.nat({ max: pool.users.length - 1 }).map((index): Actor => ({ kind: "user", index }));
  const rowOwner = fc.constant<Actor>({ kind: "row owner" });
  const signedIn = target.access === "session" || target.access === "token" || target.access === "app";
  const weights = signedIn
    ? { user: 6, anonymous: 2 }
    : target.access === "public"
      ? { user: 4, anonymous: 4 }
      : { user: 2, anonymous: 6 };
  return fc.oneof(
    { weight: weights.user, arbitrary: anyUser },
    { weight: target.addressesRows ? 3 : 0, arbitrary: rowOwner },
    { weight: weights.anonymous, arbitrary: anonymous },
  );
}

type OriginChoice = "same" | "none" | "null" | "https://evil.example" | "http://localhost:3000.evil.example";
const originChoice: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 12, arbitrary: fc.constant("same") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("none", "null", "https://evil.example", "http://localhost:3000.evil.example"),
  },
);

const forwardedFor = fc.option(
  fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom("unknown", "10.0.0.1, 203.0.113.7", " ", "::ffff:127.0.0.1")),
  { freq: 3 },
);

// ---------------------------------------------------------------------------------------------
// What is sent where.

/** A target's variable part: path parameters, query, body and headers, and whose row it addresses. */
type Input = {
  params?: RouteParams;
  query?: string;
  body: FuzzBody;
  headers?: Record<string, string>;
  addresses?: Owned;
};

type Target = {
  /** Who may call, from the operation (an /api path no route serves is anyone's). */
  access: Access;
  /**
   * The API wrapper, from the operation: "session" (401 signed out, same origin for mutations),
   * "app" (an app's bearer token only: 401 without one), "public", "none" (own authentication).
   */
  wrapper: "session" | "app" | "public" | "none";
  actors?: "users" | "victims";
  input: () => fc.Arbitrary<Input>;
  /** A 2xx for a row of another user is a breach (deletions); a claim of another user's code is the feature. */
  ownRowsOnly?: boolean;
  /** The input addresses one row (path parameter): its owner is a likely sender. */
  addressesRows?: boolean;
  /** Why this route's own 4xx answers may be other than JSON {code, message} (they are counted and printed). */
  foreignErrorBodies?: string;
  /** Answers a redirect that must stay on this site and return only to a path of it (no open redirect). */
  redirectsHome?: boolean;
};

/** What an operation's contract cannot say about fuzzing it; without `input`, its contract's schemas give the input. */
type Override = Partial<Omit<Target, "access" | "wrapper">>;

const noPayload = fc.oneof(fc.constant(undefined), fc.constant({}), fc.constant(null));
const bodyOnly = (payload: fc.Arbitrary<unknown>) => () => fuzzBody(payload).map((body): Input => ({ body }));
const noBody = () => fuzzBody(noPayload, { bodiless: true }).map((body): Input => ({ body }));

/** A path parameter: a real id (the actor's own or another user's) or a hostile string. */
function idParam(name: string, rows: () => Owned[], codes = false): () => fc.Arbitrary<Input> {
  return () => {
    const real = rows();
    const choices: fc.Arbitrary<{ value: string; addresses?: Owned }>[] = [
      anyString.map((value) => ({ value })),
      fc.constantFrom(...ODD_SEGMENT_VALUES).map((value) => ({ value })),
    ];
    if (real.length > 0) choices.push(fc.constantFrom(...real).map((row) => ({ value: row.id, addresses: row })));
    if (codes && pool.invitations.length > 0)
      choices.push(fc.constantFrom(...pool.invitations).map((row) => ({ value: row.code })));
    if (pool.links.length > 0) choices.push(fc.constantFrom(...pool.links).map((row) => ({ value: row.id })));
    return (
      fc
        .tuple(fc.oneof(...choices), fuzzBody(noPayload, { bodiless: true }))
        // A URL path carries well-formed text only: lone surrogates cannot survive its percent-decoding.
        .map(([{ value, addresses }, body]): Input => ({ params: { [name]: value.toWellFormed() }, body, addresses }))
    );
  };
}

/** A code to claim: another user's or the caller's own (available or used), an id instead of a code, or a hostile string. */
function claimInput(): fc.Arbitrary<Input> {
  const codes = pool.invitations.map((row) => row.code);
  const code = fc.oneof(
    { weight: 4, arbitrary: codes.length > 0 ? fc.constantFrom(...codes) : fc.constant("no-such-code-1") },
    {
      weight: 1,
      arbitrary:
        pool.invitations.length > 0 ? fc.constantFrom(...pool.invitations.map((row) => row.id)) : fc.constant("x"),
    },
    { weight: 3, arbitrary: anyString },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_SEGMENT_VALUES) },
  );
  return fc
    .tuple(code, fuzzBody(noPayload, { bodiless: true }))
    .map(([value, body]): Input => ({ params: { idOrCode: value.toWellFormed() }, body }));
}

function unsubscribeInput(): fc.Arbitrary<Input> {
  const tokens = pool.users.map(({ user }) => unsubscribeToken(user.id));
  const query = fc.oneof(
    fc.constantFrom(...tokens).map((token) => `?token=${token}`),
    fc.constantFrom(...tokens).map((token) => `?token=${token.slice(0, -1)}`),
    fc.constantFrom(...tokens).map((token) => `?token=${token}&token=x`),
    anyString.map((token) => `?token=${encodeURIComponent(token.toWellFormed())}`),
    fc.constantFrom(
      "",
      "?",
      "?token",
      "?token=",
      "?token=%E0%A4%A",
      "?token=%00",
      "?token=.",
      "?token=a.b.c",
      `?token=${"A".repeat(300)}.${"B".repeat(43)}`,
    ),
  );
  const payload = fc.oneof(fc.constant("List-Unsubscribe=One-Click"), anyString);
  return fc.tuple(query, fuzzBody(payload)).map(([q, body]): Input => ({ query: q, body }));
}

const highlightFields = {
  note: fc.oneof(anyString, fc.constant(null), fc.constant("")),
  color: fc.oneof(
    fc.constantFrom("yellow", "green", "blue", "pink", "purple"),
    fc.constantFrom("red", "YELLOW"),
    anyString,
  ),
};

/** POST /api/links/{id}/highlights: a real or hostile link id, and selectors, a note and a colour of any type. */
function highlightCreateInput(): fc.Arbitrary<Input> {
  const offset = fc.oneof(fc.nat({ max: 100_000 }), fc.integer(), fc.double(), fc.constant(-1));
  // A well-formed highlight now and then, so the fuzzer also walks the path that stores one.
  const wellFormed = fc.record({
    quote: fc.constantFrom("A passage worth keeping", "émoji 🌊 and\nlines"),
    note: fc.constantFrom("Why it matters", null),
    color: fc.constantFrom("yellow", "green", "blue", "pink", "purple"),
  });
  const hostile = shape({
    quote: fc.oneof(
      fc.constantFrom("A passage worth keeping", "émoji 🌊 and\nlines"),
      anyString,
      fc.constantFrom("", " ", "a\u0000b", "x".repeat(5001)),
    ),
    prefix: fc.oneof(fc.constant("Before "), anyString),
    suffix: fc.oneof(fc.constant(" after"), anyString),
    start: offset,
    end: offset,
    ...highlightFields,
  });
  return fc
    .tuple(idParam("id", () => pool.links)(), fuzzBody(fc.oneof(wellFormed, hostile)))
    .map(([input, body]): Input => ({ ...input, body }));
}

/**
 * PATCH and DELETE /api/links/{id}/highlights/{hid}: a real highlight on its own link, a real one under
 * another link of its owner or of someone else, or hostile ids.
 */
function highlightIdInput(withBody: boolean): () => fc.Arbitrary<Input> {
  return () => {
    const ids: fc.Arbitrary<{ id: string; hid: string; addresses?: Owned }>[] = [
      fc.tuple(anyString, anyString).map(([id, hid]) => ({ id, hid })),
      fc.constantFrom(...ODD_SEGMENT_VALUES).map((value) => ({ id: value, hid: value })),
    ];
    if (pool.highlights.length > 0) {
      ids.push(fc.constantFrom(...pool.highlights).map((row) => ({ id: row.linkId, hid: row.id, addresses: row })));
      if (pool.links.length > 0)
        ids.push(
          fc
            .tuple(fc.constantFrom(...pool.links), fc.constantFrom(...pool.highlights))
            .map(([link, row]) => ({ id: link.id, hid: row.id, addresses: row })),
        );
    }
    const body = withBody ? fuzzBody(shape(highlightFields)) : fuzzBody(noPayload, { bodiless: true });
    return fc.tuple(fc.oneof(...ids), body).map(([{ id, hid, addresses }, payload]): Input => ({
      params: { id: id.toWellFormed(), hid: hid.toWellFormed() },
      body: payload,
      addresses,
    }));
  };
}

/**
 * POST /api/mark-read, /api/snooze, /api/not-interested: real tokens of fuzz users' links (this
 * action's and the others'), broken ones, and hostile strings, as JSON or as the page's form.
 */
const emailActionInput = (action: EmailAction) => (): fc.Arbitrary<Input> => {
  const own = pool.links.map((link) => emailActionToken(action, link.id, link.ownerId));
  const others = pool.links.flatMap((link) =>
    EMAIL_ACTIONS.filter((name) => name !== action).map((name) => emailActionToken(name, link.id, link.ownerId)),
  );
  const tokens = [...own, ...others.slice(0, own.length)];
  const real = tokens.length > 0 ? fc.constantFrom(...tokens) : fc.constant("x.y.z");
  const token = fc.oneof(
    { weight: 3, arbitrary: real },
    real.map((value) => value.slice(0, -1)),
    real.map((value) => value.split(".").reverse().join(".")),
    anyString,
    fc.constantFrom(
      "",
      ".",
      "..",
      "a.b.c",
      "a.b.c.d",
      `${"A".repeat(64)}.${"B".repeat(64)}.${"C".repeat(43)}`,
      `${"A".repeat(400)}`,
    ),
  );
  return fuzzBody(shape({ token })).map((body): Input => ({ body }));
};

/**
 * POST /api/save-feed-item: real tokens of fuzz users' feed items, broken ones, and hostile strings,
 * as JSON or as the page's form.
 */
const saveFeedItemInput = (): fc.Arbitrary<Input> => {
  const tokens = pool.feedItems.map((item) => saveFeedItemToken(item.id, item.ownerId));
  const real = tokens.length > 0 ? fc.constantFrom(...tokens) : fc.constant("x.y.z");
  const token = fc.oneof(
    { weight: 3, arbitrary: real },
    real.map((value) => value.slice(0, -1)),
    real.map((value) => value.split(".").reverse().join(".")),
    anyString,
    fc.constantFrom("", ".", "a.b.c", `${"A".repeat(400)}`),
  );
  return fuzzBody(shape({ token })).map((body): Input => ({ body }));
};

const EVENT_TYPES = [
  "checkout.session.completed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.created",
  "charge.refunded",
];

/**
 * Events as Stripe could send them (its schema, and consistent: a real subscription's events name
 * its own user), about fuzz users, unknown users and unknown subscriptions.
 */
function signedEvent(): fc.Arbitrary<string> {
  const anyUser = fc.oneof(
    fc.constantFrom(...pool.users.map(({ user }) => user.id)),
    fc.constant("user_unknown"),
    fc.constant(undefined),
  );
  const unknownSubscription = fc.tuple(anyUser, fc.constantFrom("sub_unknown", null));
  const subscribers = pool.users.filter(({ user }) => user.stripeSubscriptionId);
  const realSubscription = fc
    .tuple(fc.constantFrom(...subscribers), fc.boolean())
    .map(([{ user }, named]): [string | undefined, string | null] => [
      named ? user.id : undefined,
      user.stripeSubscriptionId,
    ]);
  const subject = subscribers.length > 0 ? fc.oneof(unknownSubscription, realSubscription) : unknownSubscription;
  const customer = fc.constantFrom("cus_unknown", null);
  return fc
    .tuple(fc.constantFrom(...EVENT_TYPES), subject, customer, fc.constantFrom("subscription", "payment"))
    .map(([type, [user, sub], cus, mode]) => {
      const metadata = user ? { userId: user } : {};
      const objects: Record<string, unknown> = {
        "checkout.session.completed": {
          id: "cs_fuzz",
          object: "checkout.session",
          mode,
          client_reference_id: user ?? null,
          customer: cus,
          subscription: sub,
          metadata,
        },
        "invoice.paid": {
          id: "in_fuzz",
          object: "invoice",
          customer: cus,
          parent: { subscription_details: { subscription: sub, metadata } },
        },
        "customer.subscription.updated": {
          id: sub ?? "sub_unknown",
          object: "subscription",
          customer: cus,
          metadata,
          status: "active",
        },
      };
      const object = objects[type] ??
        objects[type.replace("payment_failed", "paid").replace(".deleted", ".updated")] ?? { id: "obj_fuzz" };
      return JSON.stringify(fake.event(type, object));
    });
}

function webhookInput(): fc.Arbitrary<Input> {
  const unsigned = fc
    .tuple(
      fuzzBody(
        shape({
          id: fc.string(),
          type: fc.constantFrom(...EVENT_TYPES),
          data: fc.record({ object: fc.jsonValue({ maxDepth: 2 }) }),
        }),
      ),
      fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(
          "",
          "t=1,v1=abc",
          `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
          "v1=",
          ",,,",
          "t=,v1=,v0=",
          `t=1,v1=${"f".repeat(8000)}`,
        ),
        signedEvent().map((other) => fake.sign(other)),
      ),
    )
    .map(([body, signature]): Input => ({
      body,
      headers: signature === undefined ? {} : { "stripe-signature": signature },
    }));
  const signed = fc
    .tuple(signedEvent(), fc.constantFrom("application/json; charset=utf-8", "text/plain", null))
    .map(([event, contentType]): Input => ({
      body: { contentType, text: event, label: "a signed event" },
      headers: { "stripe-signature": fake.sign(event) },
    }));
  return fc.oneof({ weight: 3, arbitrary: unsigned }, { weight: 2, arbitrary: signed });
}

/** A multipart/form-data body written out, as Mailgun and browsers send one. */
function multipart(fields: Record<string, string>, label: string): FuzzBody {
  const boundary = "----fuzzBoundary7d3b";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    text: `${parts.join("")}--${boundary}--\r\n`,
    label,
  };
}

/**
 * Mailgun's inbound posts: forms signed with the key (fresh or not, tokens repeated) carrying any
 * recipient, sender and message (a mail with a link, or any string), forms with a bad signature,
 * and anything else as JSON.
 */
function mailgunInput(): fc.Arbitrary<Input> {
  const address = fc.oneof(
    fc.constantFrom("abcdefghijklmnopqrstuvwxyz@save.linkstash.test", "postmaster@save.linkstash.test", "", "<>"),
    plausible.email,
    anyString,
  );
  const message = fc.oneof(
    fc
      .tuple(plausible.email, address, anyString)
      .map(([from, to, subject]) => plainMail({ from, to, subject, text: "https://example.test/fuzzed" })),
    anyString,
  );
  const now = Math.floor(Date.now() / 1000);
  const signed = fc
    .record({
      recipient: address,
      sender: fc.oneof(plausible.email, fc.constant("")),
      message,
      timestamp: fc.constantFrom(now, now - 3600, now + 3600, 0),
      token: fc.oneof(fc.constantFrom("repeated-token"), fc.uuid()),
      forged: fc.boolean(),
    })
    .map(({ recipient, sender, message: mime, timestamp, token, forged }): Input => {
      const signature = forged ? "0".repeat(64) : mailgunSign(MAILGUN_KEY, String(timestamp), token);
      const fields = { recipient, sender, "body-mime": mime, timestamp: String(timestamp), token, signature };
      return { body: multipart(fields, forged ? "a forged Mailgun post" : "a signed Mailgun post") };
    });
  const unsigned = fuzzBody(
    shape({
      recipient: address,
      sender: plausible.email,
      "body-mime": anyString,
      timestamp: anyString,
      token: anyString,
    }),
  ).map((body): Input => ({ body }));
  return fc.oneof({ weight: 3, arbitrary: signed }, { weight: 1, arbitrary: unsigned });
}

function nextAuthInput(): fc.Arbitrary<Input> {
  const action = fc.constantFrom(
    "signin/email",
    "signout",
    "callback/email",
    "session",
    "_log",
    "signin",
    "signin/github",
    "no-such-action",
    "csrf",
  );
  const payload = shape({
    csrfToken: fc.oneof(fc.string(), fc.constantFrom(...NUL_VALUES)),
    email: fc.oneof(plausible.email, fc.constantFrom(...NUL_VALUES)),
    callbackUrl: fc.oneof(fc.webUrl(), nastyString, fc.constantFrom(...NUL_VALUES)),
    json: fc.constantFrom("true", "false"),
  });
  return fc
    .tuple(action, fuzzBody(payload))
    .map(([name, body]): Input => ({ params: { nextauth: name.split("/") }, body }));
}

const noBodyAtAll: FuzzBody = { contentType: null, text: null, label: "no body" };

/** A query string of the given parameters: each absent, plausible or hostile; sometimes with junk after. */
function queryOf(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(params).map(([name, value]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 5, arbitrary: value },
        { weight: 3, arbitrary: fc.oneof(anyString, unstorableString) },
      )
      .map((chosen) => (chosen === null ? "" : `${name}=${encodeURIComponent(chosen.toWellFormed())}`)),
  );
  const raw = fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("&", "%", "%E0%A4%A", "%00", "a=%ZZ") },
  );
  return fc
    .tuple(fc.tuple(...entries), raw)
    .map(([parts, extra]) => `?${[...parts.filter(Boolean), extra].filter(Boolean).join("&")}`);
}

const asCursor = (text: string) => Buffer.from(text).toString("base64url");

function historyInput(): fc.Arbitrary<Input> {
  const cursors = pool.links.map((link) => encodeHistoryCursor(new Date().toISOString(), link.id));
  const cursor = fc.oneof(
    { weight: 3, arbitrary: cursors.length > 0 ? fc.constantFrom(...cursors) : fc.constant("x") },
    anyString.map(asCursor),
    fc
      .constantFrom(
        "2020-01-01T00:00:00.000Z|\u0000",
        "not a date|id",
        "|",
        "2020-01-01T00:00:00.000Z|",
        `2020-01-01T00:00:00.000Z|${"a".repeat(300)}`,
      )
      .map(asCursor),
  );
  const limit = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 50 }).map(String) },
    fc.constantFrom("0", "51", "1e3", "0x10", "Infinity", "-0", "1.5", ""),
  );
  const q = fc.oneof(
    fc.constantFrom("news", "example com", "東京", "rust:* & !x", "a".repeat(201), "w ".repeat(11)),
    fc.string({ maxLength: 40 }),
  );
  const unread = fc.constantFrom("1", "0", "true", "false", "yes", "");
  return queryOf({ limit, cursor, category: plausible.categoryName, q, unread }).map((query): Input => ({
    query,
    body: noBodyAtAll,
  }));
}

function offlineSyncInput(): fc.Arbitrary<Input> {
  const keep = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 50, max: 500 }).map(String) },
    fc.constantFrom("0", "49", "501", "1e3", "0x40", "Infinity", "-0", "50.5", ""),
  );
  const since = fc.oneof(
    { weight: 2, arbitrary: fc.constant("-".repeat(192)) },
    fc.string({ minLength: 190, maxLength: 194 }),
    fc.constantFrom("", "%00".repeat(64), "a".repeat(5000)),
  );
  return queryOf({ keep, since }).map((query): Input => ({ query, body: noBodyAtAll }));
}

// An Authorization header as scripts send it, right or wrong (header values are printable ASCII).
const bearerHeaders = (): fc.Arbitrary<Input> =>
  fc
    .tuple(
      fc.constantFrom("Bearer ", "bearer ", "Bearer", "Basic ", "Bearer lsk_", "Bearer  lsk_"),
      fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
    )
    .map(([scheme, value]): Input => ({ headers: { authorization: `${scheme}${value}` }, body: noBodyAtAll }));

/** Uploads: text shaped like each import format with hostile fields, raw junk, bytes and wrong names. */
function importInput(): fc.Arbitrary<Input> {
  const cell = fc.oneof(plausible.url, anyString, fc.constantFrom("1600000000", "-1", "99999999999", "", "a|b|c|d|e"));
  const row = fc
    .array(cell, { minLength: 1, maxLength: 7 })
    .map((cells) => cells.map((value) => `"${value.replaceAll('"', '""')}"`).join(","));
  const header = fc.constantFrom(
    "title,url,time_added,cursor,tags,status",
    "URL,Title,Selection,Folder,Timestamp,Tags",
    "url,title,notes,categories,created_at,read_at",
    "a,b",
  );
  const csv = fc.tuple(header, fc.array(row, { maxLength: 6 })).map(([head, rows]) => [head, ...rows].join("\r\n"));
  const html = fc
    .array(fc.tuple(cell, anyString, cell), { maxLength: 5 })
    .map(
      (links) =>
        `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL>${links.map(([href, title, date]) => `<DT><A HREF="${href}" ADD_DATE="${date}" TAGS="${title}">${title}</A><DD>${title}`).join("\n")}`,
    );
  const json = fc
    .array(
      fc.record({ url: cell, categories: fc.oneof(fc.array(anyString, { maxLength: 5 }), anyValue), createdAt: cell }),
      { maxLength: 5 },
    )
    .map((links) => JSON.stringify({ links }));
  // A feed reader's list: hostile folder names, titles and addresses, outlines left open.
  const opml = fc
    .array(fc.tuple(anyString, anyString, cell, fc.boolean()), { maxLength: 5 })
    .map(
      (feeds) =>
        `<?xml version="1.0"?><opml version="2.0"><body>${feeds.map(([folder, title, url, open]) => `<outline text="${folder}"><outline text="${title}" xmlUrl="${url}"/>${open ? "" : "</outline>"}`).join("\n")}`,
    );
  const text = fc.oneof(
    csv,
    html,
    json,
    opml,
    anyString,
    fc.constantFrom("PK\u0003\u0004", "PK\u0003\u0004\u0000\u0000junk", "{", "<", ""),
  );
  const name = fc.oneof(
    fc.constantFrom("part_000000.csv", "export.zip", "bookmarks.html", "links.json", "feeds.opml", ""),
    anyString,
  );
  return fc
    .tuple(
      text,
      name,
      fc.constantFrom(
        "text/csv",
        "application/zip",
        "text/html",
        "application/json",
        "multipart/form-data; boundary=x",
        null,
      ),
    )
    .map(([body, fileName, contentType]): Input => ({
      query: `?filename=${encodeURIComponent(fileName.toWellFormed())}`,
      body: { contentType, text: body, label: "an upload" },
    }));
}

function unknownPathInput(): fc.Arbitrary<Input> {
  return fc
    .tuple(fc.array(anyString, { minLength: 1, maxLength: 3 }), fuzzBody(anyValue, { bodiless: true }))
    .map(([segments, body]): Input => ({ params: { unknown: segments.map((s) => s.toWellFormed()) }, body }));
}

const OVERRIDES: Record<string, Override> = {
  "POST /api/import": { input: importInput },
  "GET /api/export": {},
  "POST /api/invitations/[idOrCode]/claim": { input: claimInput },
  "POST /api/links/[id]/highlights": {
    input: highlightCreateInput,
  },
  "PATCH /api/links/[id]/highlights/[hid]": {
    input: highlightIdInput(true),
  },
  "DELETE /api/links/[id]/highlights/[hid]": {
    input: highlightIdInput(false),
  },
  "POST /api/mark-read": { input: emailActionInput("mark-read") },
  "POST /api/snooze": { input: emailActionInput("snooze") },
  "POST /api/not-interested": { input: emailActionInput("not-interested") },
  "POST /api/save-feed-item": { input: saveFeedItemInput },
  "POST /api/extension/connect": {
    input: bodyOnly(
      shape({
        redirectUrl: fc.oneof(
          anyString,
          fc.constantFrom(
            `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`,
            "moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/connected.html",
            "https://evil.example/connected.html",
          ),
        ),
        state: fc.oneof(anyString, fc.constant("a-random-state-0123")),
      }),
    ),
  },
  "POST /api/subscriptions/create-checkout-session": {
    input: () =>
      fuzzBody(shape({ priceId: fc.constantFrom(TEST_PRICE_ID, "price_cheap"), userId: fc.string() }), {
        bodiless: true,
      }).map((body): Input => ({ body })),
  },
  "POST /api/billing/portal": {
    input: () =>
      fuzzBody(shape({ customer: fc.constantFrom("cus_other", "") }), { bodiless: true }).map((body): Input => ({
        body,
      })),
  },
  "POST /api/unsubscribe": { input: unsubscribeInput },
  "POST /api/stripe/webhook": { input: webhookInput },
  "POST /api/inbound/mailgun/mime": { input: mailgunInput },
  "POST /api/auth/[...nextauth]": { input: nextAuthInput },
  // An /api path no route serves: 404 JSON whatever is sent, by whom, from where.
  "POST /api/[...unknown]": { input: unknownPathInput },
  "PUT /api/[...unknown]": { input: unknownPathInput },
  "PATCH /api/[...unknown]": { input: unknownPathInput },
  "DELETE /api/[...unknown]": { input: unknownPathInput },
  "DELETE /api/user": { actors: "victims" },
  // The sign-out page's form: ends the sender's own session, from this site only (403 otherwise).
  "POST /api/logout": { actors: "victims", input: noBody },

  // Not mutations, but their query or path parameters reach the database or a redirect too.
  "GET /api/links/history": { input: historyInput },
  "GET /api/links/offline": { input: offlineSyncInput },
  // A garbled bearer token is 401 whatever cookie comes with it, never a 5xx.
  "GET /api/links/today": { input: bearerHeaders },
  "GET /api/links/back-today": { input: bearerHeaders },
  "GET /api/links/lookup": {},
  "GET /api/subscriptions/verify-session": {
    input: () =>
      queryOf({
        session_id: fc.oneof(
          fc.constantFrom("cs_test_unknown", "cs_", `cs_${"a".repeat(201)}`),
          fc.string().map((id) => `cs_${id}`),
        ),
      }).map((query): Input => ({ query, body: noBodyAtAll })),
  },
  "GET /api/invitations/[idOrCode]": { input: claimInput },
  "GET /api/unsubscribe": {
    input: () => unsubscribeInput().map((input): Input => ({ ...input, body: noBodyAtAll })),
  },
  "GET /api/login": {
    input: () =>
      queryOf({
        returnTo: fc.oneof(
          fc.webUrl(),
          fc.constantFrom(
            "/history",
            "//evil.example",
            "/\\evil.example",
            "/%2F%2Fevil.example",
            "\t//evil.example",
            "/\u0000//evil.example",
          ),
        ),
      }).map((query): Input => ({ query, body: noBodyAtAll })),
    redirectsHome: true,
  },
};

// Read when the suite is collected: one fuzz test per target.
const inventory = await loadRouteInventory();
const join = joinOperations(inventory, [...OPERATIONS, ...WALLABAG_OPERATIONS]);
const operationByRoute = new Map(join.joined.map(({ route, operation }) => [route.key, operation]));
const routes = new Map(inventory.map((route) => [route.key, route]));

/** A path parameter: a value its schema accepts, a row of any kind (whose owner it addresses), an invitation code, or odd text. */
function paramsOf(schema: z.ZodObject): fc.Arbitrary<Pick<Input, "params" | "addresses">> {
  const rows: Owned[] = [
    ...pool.links,
    ...pool.entries,
    ...pool.annotations,
    ...pool.highlights,
    ...pool.categories,
    ...pool.invitations,
    ...pool.tokens,
    ...pool.feedItems,
  ];
  const fields = Object.entries(schemaFields(schema)).map(([name, valid]) => {
    const choices: fc.WeightedArbitrary<{ value: string; addresses?: Owned }>[] = [
      { weight: 1, arbitrary: valid.map((value) => ({ value })) },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_SEGMENT_VALUES).map((value) => ({ value })) },
    ];
    if (rows.length > 0)
      choices.push({
        weight: 3,
        arbitrary: fc.constantFrom(...rows).map((row) => ({ value: row.id, addresses: row })),
      });
    if (pool.invitations.length > 0)
      choices.push({ weight: 1, arbitrary: fc.constantFrom(...pool.invitations).map((row) => ({ value: row.code })) });
    return fc.oneof(...choices).map((choice) => ({ name, ...choice }));
  });
  return fc.tuple(...fields).map((chosen) => {
    const addresses = chosen.find((choice) => choice.addresses)?.addresses;
    // A URL path carries well-formed text only: lone surrogates cannot survive its percent-decoding.
    const params = Object.fromEntries(chosen.map(({ name, value }) => [name, value.toWellFormed()]));
    return addresses ? { params, addresses } : { params };
  });
}

/** An operation's input from its contract: its path parameters, query and (a JSON one) body, each by its schema. */
function contractInput(route: RouteMethod, operation: Operation): () => fc.Arbitrary<Input> {
  return () => {
    const where = operation.params ? paramsOf(operation.params) : fc.constant({});
    const query = operation.query ? queryOf(schemaFields(operation.query)) : fc.constant("");
    const { body } = operation;
    const bodies =
      route.method === "GET"
        ? fc.constant(noBodyAtAll)
        : body && (body.mediaType ?? "application/json") === "application/json"
          ? fuzzBody(schemaValue(body.schema))
          : fuzzBody(noPayload, { bodiless: true });
    return fc
      .tuple(where, query, bodies)
      .map(([located, search, sent]): Input => ({ ...located, ...(search ? { query: search } : {}), body: sent }));
  };
}

function targetOf(route: RouteMethod, operation: Operation | undefined, override: Override): Target {
  const access = operation?.access ?? "public";
  const signedIn = access === "session" || access === "token" || access === "app";
  const addressesRows = signedIn && operation?.params !== undefined;
  return {
    access,
    wrapper: !operation?.wrapped ? "none" : access === "app" ? "app" : signedIn ? "session" : "public",
    // A 2xx for another user's row is a breach wherever a signed-in caller names a row.
    ownRowsOnly: addressesRows,
    addressesRows,
    input: operation ? contractInput(route, operation) : noBody,
    ...override,
  };
}

/** Every mutating operation, the GETs an override names, and the methods of the catch-all for unknown paths. */
const TARGETS: Record<string, Target> = Object.fromEntries(
  inventory.flatMap((route) => {
    const operation = operationByRoute.get(route.key);
    const override = OVERRIDES[route.key];
    const fuzzed = override !== undefined || (operation !== undefined && isMutating(route.method));
    return fuzzed ? [[route.key, targetOf(route, operation, override ?? {})]] : [];
  }),
);

// ---------------------------------------------------------------------------------------------
// Sending and judging.

type Stats = {
  requests: number;
  serverErrors: number;
  foreignErrorBodies: number;
  statuses: Map<string, Map<number, number>>;
  slowestMs: number;
};
const stats: Stats = { requests: 0, serverErrors: 0, foreignErrorBodies: 0, statuses: new Map(), slowestMs: 0 };

function preview(text: string | null): string {
  if (text === null) return "(no body)";
  const shown = JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
  return `${shown} (${text.length} chars)`;
}

async function resolveActor(
  actor: Actor,
  rowOwnerId: string | undefined,
): Promise<{ cookie: string | undefined; appToken?: string; userId: string | null; label: string }> {
  if (actor.kind === "anonymous") return { cookie: actor.cookie, userId: null, label: actor.label };
  if (actor.kind === "row owner") {
    const owner = pool.users.find(({ user }) => user.id === rowOwnerId) ?? pool.users[0];
    if (!owner) throw new Error("no fuzz users");
    return { ...owner, userId: owner.user.id, label: `${owner.label} (the row's owner)` };
  }
  if (actor.kind === "victim") {
    victim ??= await fuzzUser(`victim-${randomLabel()}`);
    return { ...victim, userId: victim.user.id, label: "the account owner" };
  }
  const entry = pool.users[actor.index];
  if (!entry) throw new Error(`no fuzz user ${actor.index}`);
  return { ...entry, userId: entry.user.id };
}

let labelCounter = 0;
function randomLabel(): string {
  labelCounter += 1;
  return `v${labelCounter}`;
}

/** Replaces the OWN_EMAIL placeholder with the actor's own address, so that settings can succeed. */
function withOwnEmail(body: FuzzBody, userId: string | null): FuzzBody {
  if (body.text === null || !body.text.includes(OWN_EMAIL)) return body;
  const email =
    pool.users.find(({ user }) => user.id === userId)?.user.email ?? victim?.user.email ?? "nobody@example.com";
  return { ...body, text: body.text.replaceAll(OWN_EMAIL, email) };
}

async function exercise(
  route: RouteMethod,
  target: Target,
  actor: Actor,
  origin: OriginChoice,
  input: Input,
  ip: string | null,
  violations: string[],
): Promise<void> {
  const who = await resolveActor(actor, input.addresses?.ownerId);
  const body = withOwnEmail(input.body, who.userId);
  const path = `${fillPattern(route.pattern, input.params)}${input.query ?? ""}`;
  const headers: Record<string, string> = { ...input.headers };
  if (ip !== null) headers["x-forwarded-for"] = ip;
  // An app sends its access token, as an app does (a garbled one, when the input gives its own).
  if (target.wrapper === "app" && who.appToken && headers.authorization === undefined)
    headers.authorization = `Bearer ${who.appToken}`;
  const req = rawRequest({
    method: route.method,
    path,
    cookie: who.cookie,
    origin: origin === "same" ? undefined : origin === "none" ? null : origin,
    contentType: body.contentType,
    body: body.text ?? undefined,
    headers,
  });
  const started = performance.now();
  const res = await callRoute(route, req, input.params);
  const elapsed = performance.now() - started;
  const text = await res.text();

  stats.requests += 1;
  stats.slowestMs = Math.max(stats.slowestMs, elapsed);
  const histogram = stats.statuses.get(route.key) ?? new Map<number, number>();
  histogram.set(res.status, (histogram.get(res.status) ?? 0) + 1);
  stats.statuses.set(route.key, histogram);

  const problems: string[] = [];
  if (res.status >= 500) {
    stats.serverErrors += 1;
    problems.push(`a ${res.status}`);
  }
  if (res.status >= 400 && res.status < 500 && (await errorMessage(new Response(text))) === null) {
    if (target.foreignErrorBodies) stats.foreignErrorBodies += 1;
    else problems.push(`a ${res.status} without a JSON {code, message}`);
  }
  if (res.status === 429 && !res.headers.get("retry-after")) problems.push("a 429 without Retry-After");
  if ((target.wrapper === "session" || target.wrapper === "public") && origin !== "same" && res.status !== 403)
    problems.push(`${res.status} instead of 403 for Origin ${origin}`);
  const signedOutChecked = target.wrapper === "app" || (target.wrapper === "session" && origin === "same");
  if (signedOutChecked && who.userId === null && res.status !== 401)
    problems.push(`${res.status} instead of 401 for ${who.label}`);
  if (target.ownRowsOnly && res.ok && input.addresses && input.addresses.ownerId !== who.userId)
    problems.push(`a ${res.status}: another user's row ${input.addresses.id} was acted on`);
  if (elapsed > SLOW_MS) problems.push(`${Math.round(elapsed)} ms`);
  if (target.redirectsHome) {
    const location = new URL(res.headers.get("location") ?? "", ORIGIN);
    const back = location.searchParams.get("callbackUrl") ?? "";
    if (location.origin !== ORIGIN || !back.startsWith("/") || back.startsWith("//") || back.includes("\\"))
      problems.push(`a redirect off the site: ${location.href}`);
  }
  if (problems.length > 0 && violations.length < 25) {
    violations.push(
      [
        `${problems.join("; ")} — ${route.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`,
        `  as ${who.label}, Origin ${origin}, Content-Type ${body.contentType ?? "(none)"}, ${body.label}: ${preview(body.text)}`,
        `  headers ${JSON.stringify(Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, value.slice(0, 80)])))}`,
        `  answer ${res.status} ${preview(text)}`,
      ].join("\n"),
    );
  }
  // A victim's success is its end (an account deleted, a session ended): the next request gets a new one.
  if (actor.kind === "victim" && res.status < 400) victim = undefined;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  const db = getDb();
  const users = [
    await fuzzUser("trial"),
    await fuzzUser("free", { trialEndsAt: new Date(Date.now() - DAY) }),
    await fuzzUser("free-weekly", {
      trialEndsAt: new Date(Date.now() - DAY),
      emailFrequency: "weekly",
      emailDays: [3],
      emailHours: { "3": 18 },
    }),
    await fuzzUser("pro", { proUntil: new Date(Date.now() + 30 * DAY), timezone: "Asia/Kathmandu" }),
    await fuzzUser("subscriber"),
    await fuzzUser("new", { onboarded: false }),
  ];
  pool = {
    users,
    links: [],
    entries: [],
    annotations: [],
    highlights: [],
    categories: [],
    invitations: [],
    tokens: [],
    feedItems: [],
    expiredCookie: "",
  };

  // The subscriber pays through the real checkout and payment-return routes, against the fake.
  const subscriber = users[4];
  const checkout = routes.get("POST /api/subscriptions/create-checkout-session");
  const verify = routes.get("GET /api/subscriptions/verify-session");
  if (!subscriber || !checkout || !verify) throw new Error("fuzz setup: subscriber or billing routes missing");
  const started = await callRoute(
    checkout,
    rawRequest({ method: "POST", path: "/api/subscriptions/create-checkout-session", cookie: subscriber.cookie }),
  );
  const { url }: { url: string } = await started.json();
  const sessionId = url.split("/").pop() ?? "";
  await fake.completeCheckout(sessionId);
  const verified = await callRoute(
    verify,
    rawRequest({
      method: "GET",
      path: `/api/subscriptions/verify-session?session_id=${sessionId}`,
      cookie: subscriber.cookie,
    }),
  );
  expect(verified.status).toBe(200);

  const expired = users[0];
  if (!expired) throw new Error("fuzz setup: no users");
  await db.session.create({
    data: { sessionToken: "expired-fuzz-session", userId: expired.user.id, expires: new Date(Date.now() - 1000) },
  });
  pool.expiredCookie = `${SESSION_COOKIE}=expired-fuzz-session`;
  await refreshPool();
});

describe("fuzzing every mutating endpoint (and the GETs that take parameters)", () => {
  it("fuzzes every mutating route method, each joined to its operation; no override without a route", () => {
    const { routesWithout, operationsWithout } = join;
    expect({ routesWithout, operationsWithout }).toEqual({ routesWithout: [], operationsWithout: [] });
    const mutating = [...routes.values()].filter((route) => isMutating(route.method)).map((route) => route.key);
    expect(
      mutating.filter((key) => !(key in TARGETS)),
      "mutating routes not fuzzed",
    ).toEqual([]);
    expect(
      Object.keys(OVERRIDES).filter((key) => !routes.has(key)),
      "overrides without a route",
    ).toEqual([]);
    expect(
      Object.keys(OVERRIDES).filter((key) => !operationByRoute.has(key) && !key.includes(UNKNOWN_API_PATH_PATTERN)),
      "overrides of no operation",
    ).toEqual([]);
  });

  Object.entries(TARGETS).forEach(([key, target], index) => {
    it(`${key}: ${RUNS} generated requests, no 5xx, every 4xx a JSON {code, message}`, async () => {
      // Each run sends one request; the slow part of a run is the database, not the generator.
      const route = routes.get(key);
      if (!route) throw new Error(`${key}: no such route`);
      await refreshPool();
      const violations: string[] = [];
      const before = stats.requests;
      const origin = isMutating(route.method) ? originChoice : fc.constant<OriginChoice>("same");
      await fc.assert(
        fc.asyncProperty(actors(target), origin, target.input(), forwardedFor, async (actor, from, input, ip) => {
          await exercise(route, target, actor, from, input, ip, violations);
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      const histogram = [...(stats.statuses.get(key) ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
      console.log(
        `${key}: ${stats.requests - before} requests, ${histogram.map(([status, count]) => `${status}×${count}`).join(" ")}`,
      );
      expect(violations, violations.join("\n\n")).toEqual([]);
    });
  });

  it("leaves every database invariant true", async () => {
    const violated = await violatedInvariants();
    const fiveXx = stats.serverErrors;
    console.log(
      `fuzz: ${stats.requests} requests, ${fiveXx} 5xx, invariants: ${violated.length === 0 ? "ok" : "VIOLATED"} ` +
        `(${INVARIANTS.length} checked; seed ${SEED}, ${RUNS} runs per endpoint; slowest request ${Math.round(stats.slowestMs)} ms; ` +
        `${stats.foreignErrorBodies} next-auth text errors; ${unfurled.count} page fetches queued)`,
    );
    expect(violated, JSON.stringify(violated, null, 2)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Odd input, every case once (decision 0162). Segments that do not percent-decode never reach
// a handler (Next's router decodes them first): tests/crash/odd-input.test.ts sends those to the
// built server. Here: what such requests can decode to, in every dynamic segment of every route,
// and a NUL in every field next-auth reads before our code does, with a valid CSRF token, so the
// value gets as far as it can.

describe("odd input, exhaustively", () => {
  type Answer = { label: string; status: number; text: string };

  function judge(answers: Answer[], foreignBodies: (label: string) => boolean): string[] {
    return answers.flatMap(({ label, status, text }) => {
      if (status >= 500) return [`${label}: ${status} ${preview(text)}`];
      if (status >= 400 && !foreignBodies(label) && parseErrorBody(text) === null)
        return [`${label}: ${status} without a JSON {code, message}`];
      return [];
    });
  }

  it("every dynamic segment of every route method, with the values odd encodings decode to: no 5xx", async () => {
    const signedIn = pool.users[0];
    if (!signedIn) throw new Error("no fuzz users");
    const answers: Answer[] = [];
    for (const route of routes.values()) {
      const segments = dynamicSegments(route.pattern);
      for (const segment of segments) {
        for (const value of ODD_SEGMENT_VALUES) {
          const values = segment.catchAll ? [[value], ["signin", value], [value, "email"]] : [value];
          for (const param of values) {
            for (const cookie of [signedIn.cookie, undefined]) {
              const params: RouteParams = Object.fromEntries(
                segments.map(({ name, catchAll }) => [name, name === segment.name ? param : catchAll ? ["x"] : "x"]),
              );
              const req = rawRequest({ method: route.method, path: fillPattern(route.pattern, params), cookie });
              const res = await callRoute(route, req, params);
              answers.push({
                label: `${route.key} ${segment.name}=${JSON.stringify(param)}${cookie ? " signed in" : ""}`,
                status: res.status,
                text: await res.text(),
              });
            }
          }
        }
      }
    }
    stats.requests += answers.length;
    const problems = judge(answers, (label) => label.includes("[...nextauth]"));
    console.log(`odd dynamic segments: ${answers.length} requests, ${problems.length} problems`);
    expect(answers.length).toBeGreaterThan(100);
    expect(problems, problems.slice(0, 25).join("\n")).toEqual([]);
  });

  it("a NUL in every field next-auth reads (query, form and JSON body, callback cookie): no 5xx", async () => {
    const route = routes.get("POST /api/auth/[...nextauth]");
    const getRoute = routes.get("GET /api/auth/[...nextauth]");
    if (!route || !getRoute) throw new Error("no next-auth route");
    const csrf = await callRoute(getRoute, rawRequest({ method: "GET", path: "/api/auth/csrf" }), {
      nextauth: ["csrf"],
    });
    const { csrfToken }: { csrfToken: string } = await csrf.json();
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("next-auth.csrf-token="));
    if (!csrfCookie) throw new Error("no CSRF cookie");

    const actions = ["signin/email", "callback/email", "signin", "signout", "session", "csrf", "signin/github"];
    const plain: Record<string, string> = {
      email: "reader@example.com",
      csrfToken,
      callbackUrl: "/dashboard",
      token: "a".repeat(64),
      json: "true",
    };
    const answers: Answer[] = [];
    const send = async (method: "GET" | "POST", action: string, label: string, options: Partial<RawRequest>) => {
      const res = await callRoute(
        method === "GET" ? getRoute : route,
        rawRequest({ method, path: `/api/auth/${action}`, cookie: csrfCookie, ...options }),
        { nextauth: action.split("/") },
      );
      answers.push({ label: `${method} ${action} ${label}`, status: res.status, text: await res.text() });
    };
    for (const action of actions) {
      for (const field of Object.keys(plain)) {
        for (const value of NUL_VALUES) {
          const fields = { ...plain, [field]: value };
          const label = `${field}=${JSON.stringify(value)}`;
          const query = `?${new URLSearchParams(fields).toString()}`;
          await send("GET", `${action}${query}`, `${label} in the query`, {});
          await send("POST", action, `${label} in a form`, {
            contentType: "application/x-www-form-urlencoded",
            body: new URLSearchParams(fields).toString(),
          });
          await send("POST", action, `${label} in JSON`, {
            contentType: "application/json",
            body: JSON.stringify(fields),
          });
        }
      }
      for (const value of [...NUL_VALUES, "%00", "not a url"]) {
        const cookie = `${csrfCookie}; next-auth.callback-url=${encodeURIComponent(value)}`;
        await send("GET", action, `callback cookie ${JSON.stringify(value)}`, { cookie });
        await send("POST", action, `callback cookie ${JSON.stringify(value)}`, {
          cookie,
          contentType: "application/x-www-form-urlencoded",
          body: new URLSearchParams(plain).toString(),
        });
      }
    }
    stats.requests += answers.length;
    // next-auth's own redirects and HTML pages are its business; only its status codes are judged.
    const problems = judge(answers, () => true);
    console.log(`NUL in auth fields: ${answers.length} requests, ${problems.length} problems`);
    expect(problems, problems.slice(0, 25).join("\n")).toEqual([]);
  });
});
