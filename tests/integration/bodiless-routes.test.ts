import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { OPERATIONS } from "@/lib/api-docs/document";

// Every bodiless mutation (a route wrapped without a schema) takes no options: no body, an empty
// body and `{}` (what a client that always sends JSON sends) do the same thing; any other body is
// 400 with a message that says what the route takes, and changes nothing. Billing is on, so the
// checkout and portal routes reach the Stripe fake; save by email is on, for its new-address route.
const fake = await vi.hoisted(async () => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  return (await import("@/tests/support/stripe-billing")).startBillingFake();
});

const { POST: openPortal } = await import("@/app/api/billing/portal/route");
const { POST: refreshFeed } = await import("@/app/api/feeds/[id]/refresh/route");
const { DELETE: unsubscribe } = await import("@/app/api/feeds/[id]/route");
const { POST: saveFeedItem } = await import("@/app/api/feed-items/[id]/save/route");
const { DELETE: deleteCategory } = await import("@/app/api/categories/[id]/route");
const { POST: createCategory } = await import("@/app/api/categories/route");
const { POST: sendNow } = await import("@/app/api/digest/send-now/route");
const { POST: claimInvitation } = await import("@/app/api/invitations/[idOrCode]/claim/route");
const { DELETE: deleteInvitation } = await import("@/app/api/invitations/[idOrCode]/route");
const { POST: showTextAnyway } = await import("@/app/api/links/[id]/article/anyway/route");
const { POST: refreshArticle } = await import("@/app/api/links/[id]/article/route");
const { DELETE: deleteLink } = await import("@/app/api/links/[id]/route");
const { DELETE: deleteHighlight } = await import("@/app/api/links/[id]/highlights/[hid]/route");
const { POST: createCheckout } = await import("@/app/api/subscriptions/create-checkout-session/route");
const { GET: verifySession } = await import("@/app/api/subscriptions/verify-session/route");
const { DELETE: revokeToken } = await import("@/app/api/tokens/[id]/route");
const { POST: createToken } = await import("@/app/api/tokens/route");
const { DELETE: deleteAccount } = await import("@/app/api/user/route");
const { POST: regenerateSaveAddress } = await import("@/app/api/user/save-address/regenerate/route");
const { DELETE: revokeAppPassword } = await import("@/app/api/user/app-passwords/[id]/route");
const { POST: createAppPassword } = await import("@/app/api/user/app-passwords/route");
const { POST: regenerateFeeds } = await import("@/app/api/user/feeds/regenerate/route");
const { GET: feedAddresses } = await import("@/app/api/user/feeds/route");
const { GET: saveAddress } = await import("@/app/api/user/save-address/route");
const { getDb } = await import("@/lib/db/client");
const { NO_BODY_MESSAGE } = await import("@/lib/http/api-route");
const { apiRequest, routeParams, signedInUser } = await import("@/tests/support/factories");
const { flushAfterTasks } = await import("@/tests/support/after-tasks");
const { newInvitation } = await import("@/tests/support/invitations");
const { listRouteFiles, REPO_ROOT, routePattern } = await import("@/tests/security/route-inventory");

afterAll(() => fake.close());

const DAY = 86_400_000;
const pro = () => ({ trialEndsAt: new Date(Date.now() - DAY), proUntil: new Date(Date.now() + 60 * DAY) });

/** A body as a client sends it; `text: null` is no body at all (an empty stream, no Content-Type). */
type Body = { label: string; contentType: string | null; text: string | null };

const NO_OPTIONS: Body[] = [
  { label: "an empty JSON body", contentType: "application/json", text: "" },
  { label: "{}", contentType: "application/json", text: "{}" },
  { label: "{ } with a charset", contentType: "application/json; charset=utf-8", text: " { }\n" },
];

const REFUSED: Body[] = [
  { label: "an object with a field", contentType: "application/json", text: '{"unexpected":true}' },
  { label: "an empty array", contentType: "application/json", text: "[]" },
  { label: "null", contentType: "application/json", text: "null" },
  { label: "malformed JSON", contentType: "application/json", text: "{" },
  { label: "{} as text/plain", contentType: "text/plain", text: "{}" },
  { label: "a form", contentType: "application/x-www-form-urlencoded", text: "a=1" },
];

type Call = (req: Request) => Promise<Response>;
/** One fresh case: `send` calls the route with a body, `happened` says whether it took effect. */
type Prepared = { method: string; path: string; cookie: string; send: Call; happened: () => Promise<boolean> };

function request(prepared: Prepared, body: Body | null): Request {
  const { method, path: url, cookie } = prepared;
  if (body === null || body.text === null) return apiRequest(method, url, { cookie, emptyStream: true });
  const headers: Record<string, string> = body.contentType === null ? {} : { "content-type": body.contentType };
  return apiRequest(method, url, { cookie, body: body.text, headers });
}

/** A subscription to a feed at a reserved name: a check of it is refused at once, without the network. */
async function subscriptionOf(userId: string) {
  const source = await getDb().feedSource.create({
    data: { url: `https://feeds.example/${userId}.xml`, succeededAt: new Date() },
  });
  return getDb().subscription.create({ data: { userId, sourceId: source.id, primedAt: new Date() } });
}

async function signedInWithLinkToday() {
  const signedIn = await signedInUser(pro());
  await getDb().link.create({ data: { userId: signedIn.user.id, url: "https://today.example/" } });
  return signedIn;
}

async function subscriber() {
  const { user, cookie } = await signedInUser(pro());
  const res = await createCheckout(
    apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie, emptyStream: true }),
  );
  const sessionId = /\/checkout\/(cs_\w+)$/.exec((await res.json()).url)?.[1] ?? "";
  const { subscription } = await fake.completeCheckout(sessionId);
  await verifySession(apiRequest("GET", `/api/subscriptions/verify-session?session_id=${sessionId}`, { cookie }));
  return { user, cookie, customer: subscription.customer };
}

const stripeCalls = (path: string, match: Record<string, string>) =>
  fake.requests.filter(
    (call) => call.path === path && Object.entries(match).every(([key, value]) => call.body?.[key] === value),
  ).length;

const SCENARIOS: Record<string, () => Promise<Prepared>> = {
  "POST /api/user/save-address/regenerate": async () => {
    const { cookie } = await signedInUser(pro());
    const first = (await (await saveAddress(apiRequest("GET", "/api/user/save-address", { cookie }))).json()).address;
    const current = async () =>
      (await (await saveAddress(apiRequest("GET", "/api/user/save-address", { cookie }))).json()).address;
    return {
      method: "POST",
      path: "/api/user/save-address/regenerate",
      cookie,
      send: (req) => regenerateSaveAddress(req),
      happened: async () => (await current()) !== first,
    };
  },
  "POST /api/billing/portal": async () => {
    const { cookie, customer } = await subscriber();
    return {
      method: "POST",
      path: "/api/billing/portal",
      cookie,
      send: (req) => openPortal(req),
      happened: async () => stripeCalls("/v1/billing_portal/sessions", { customer }) > 0,
    };
  },
  "DELETE /api/categories/[id]": async () => {
    const { cookie } = await signedInUser(pro());
    const created = await createCategory(apiRequest("POST", "/api/categories", { cookie, json: { name: "Recipes" } }));
    const { id } = await created.json();
    return {
      method: "DELETE",
      path: `/api/categories/${id}`,
      cookie,
      send: (req) => deleteCategory(req, routeParams({ id })),
      happened: async () => (await getDb().category.findUnique({ where: { id } })) === null,
    };
  },
  "POST /api/digest/send-now": async () => {
    const { user, cookie } = await signedInWithLinkToday();
    return {
      method: "POST",
      path: "/api/digest/send-now",
      cookie,
      send: (req) => sendNow(req),
      happened: async () => (await getDb().digestDelivery.count({ where: { userId: user.id } })) > 0,
    };
  },
  "POST /api/invitations/[idOrCode]/claim": async () => {
    const inviter = await signedInUser(pro());
    const { id, code } = await newInvitation(inviter.cookie);
    const { cookie } = await signedInUser(pro());
    return {
      method: "POST",
      path: `/api/invitations/${code}/claim`,
      cookie,
      send: (req) => claimInvitation(req, routeParams({ idOrCode: code })),
      happened: async () => (await getDb().invitation.findUniqueOrThrow({ where: { id } })).status === "used",
    };
  },
  "DELETE /api/invitations/[idOrCode]": async () => {
    const { cookie } = await signedInUser(pro());
    const { id } = await newInvitation(cookie);
    return {
      method: "DELETE",
      path: `/api/invitations/${id}`,
      cookie,
      send: (req) => deleteInvitation(req, routeParams({ idOrCode: id })),
      happened: async () => (await getDb().invitation.findUnique({ where: { id } })) === null,
    };
  },
  "DELETE /api/links/[id]": async () => {
    const { cookie, user } = await signedInUser(pro());
    const { id } = await getDb().link.create({ data: { userId: user.id, url: "https://delete-me.example/" } });
    return {
      method: "DELETE",
      path: `/api/links/${id}`,
      cookie,
      send: (req) => deleteLink(req, routeParams({ id })),
      happened: async () => (await getDb().link.findUnique({ where: { id } })) === null,
    };
  },
  "DELETE /api/links/[id]/highlights/[hid]": async () => {
    const { cookie, user } = await signedInUser(pro());
    const { id } = await getDb().link.create({ data: { userId: user.id, url: "https://highlighted.example/" } });
    const { id: hid } = await getDb().highlight.create({ data: { userId: user.id, linkId: id, quote: "a passage" } });
    return {
      method: "DELETE",
      path: `/api/links/${id}/highlights/${hid}`,
      cookie,
      send: (req) => deleteHighlight(req, routeParams({ id, hid })),
      happened: async () => (await getDb().highlight.findUnique({ where: { id: hid } })) === null,
    };
  },
  "POST /api/links/[id]/article": async () => {
    const { cookie, user } = await signedInUser(pro());
    // A reserved name: the fetch is refused without a lookup, and the attempt is recorded.
    const { id } = await getDb().link.create({ data: { userId: user.id, url: "https://article.invalid/" } });
    return {
      method: "POST",
      path: `/api/links/${id}/article`,
      cookie,
      send: (req) => refreshArticle(req, routeParams({ id })),
      happened: async () => {
        await flushAfterTasks();
        return (await getDb().article.findUnique({ where: { linkId: id } })) !== null;
      },
    };
  },
  "POST /api/links/[id]/article/anyway": async () => {
    const { cookie, user } = await signedInUser(pro());
    const { id } = await getDb().link.create({ data: { userId: user.id, url: "https://article.invalid/" } });
    await getDb().article.create({
      data: { linkId: id, userId: user.id, status: "unavailable", reason: "not an article" },
    });
    return {
      method: "POST",
      path: `/api/links/${id}/article/anyway`,
      cookie,
      send: (req) => showTextAnyway(req, routeParams({ id })),
      // The reserved name's fetch is refused: the row counts a failed fetch.
      happened: async () => {
        await flushAfterTasks();
        return (await getDb().article.findUniqueOrThrow({ where: { linkId: id } })).failures > 0;
      },
    };
  },
  "POST /api/subscriptions/create-checkout-session": async () => {
    const { cookie, user } = await signedInUser(pro());
    return {
      method: "POST",
      path: "/api/subscriptions/create-checkout-session",
      cookie,
      send: (req) => createCheckout(req),
      happened: async () => stripeCalls("/v1/checkout/sessions", { client_reference_id: user.id }) > 0,
    };
  },
  "DELETE /api/feeds/[id]": async () => {
    const { cookie, user } = await signedInUser(pro());
    const { id } = await subscriptionOf(user.id);
    return {
      method: "DELETE",
      path: `/api/feeds/${id}`,
      cookie,
      send: (req) => unsubscribe(req, routeParams({ id })),
      happened: async () => (await getDb().subscription.count({ where: { id } })) === 0,
    };
  },
  "POST /api/feeds/[id]/refresh": async () => {
    const { cookie, user } = await signedInUser(pro());
    const { id, sourceId } = await subscriptionOf(user.id);
    return {
      method: "POST",
      path: `/api/feeds/${id}/refresh`,
      cookie,
      send: (req) => refreshFeed(req, routeParams({ id })),
      happened: async () =>
        (await getDb().feedSource.findUniqueOrThrow({ where: { id: sourceId } })).checkedAt !== null,
    };
  },
  "POST /api/feed-items/[id]/save": async () => {
    const { cookie, user } = await signedInUser(pro());
    const subscription = await subscriptionOf(user.id);
    const item = await getDb().feedItem.create({
      data: { sourceId: subscription.sourceId, guid: "post", url: "https://feeds.example/post", title: "A post" },
    });
    await getDb().feedDelivery.create({
      data: { subscriptionId: subscription.id, itemId: item.id, userId: user.id, into: "digest" },
    });
    return {
      method: "POST",
      path: `/api/feed-items/${item.id}/save`,
      cookie,
      send: (req) => saveFeedItem(req, routeParams({ id: item.id })),
      happened: async () => (await getDb().link.count({ where: { userId: user.id } })) === 1,
    };
  },
  "DELETE /api/tokens/[id]": async () => {
    const { cookie } = await signedInUser(pro());
    const created = await createToken(apiRequest("POST", "/api/tokens", { cookie, json: { name: "script" } }));
    const { token } = await created.json();
    return {
      method: "DELETE",
      path: `/api/tokens/${token.id}`,
      cookie,
      send: (req) => revokeToken(req, routeParams({ id: token.id })),
      happened: async () => (await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt !== null,
    };
  },
  "DELETE /api/user/app-passwords/[id]": async () => {
    const { cookie } = await signedInUser(pro());
    const created = await createAppPassword(
      apiRequest("POST", "/api/user/app-passwords", { cookie, json: { name: "KOReader" } }),
    );
    const { appPassword } = await created.json();
    return {
      method: "DELETE",
      path: `/api/user/app-passwords/${appPassword.id}`,
      cookie,
      send: (req) => revokeAppPassword(req, routeParams({ id: appPassword.id })),
      happened: async () =>
        (await getDb().apiToken.findUniqueOrThrow({ where: { id: appPassword.id } })).revokedAt !== null,
    };
  },
  "POST /api/user/feeds/regenerate": async () => {
    const { cookie } = await signedInUser(pro());
    const current = async () =>
      (await (await feedAddresses(apiRequest("GET", "/api/user/feeds", { cookie }))).json()).unread;
    const first = await current();
    return {
      method: "POST",
      path: "/api/user/feeds/regenerate",
      cookie,
      send: (req) => regenerateFeeds(req),
      happened: async () => (await current()) !== first,
    };
  },
  "DELETE /api/user": async () => {
    const { cookie, user } = await signedInUser(pro());
    return {
      method: "DELETE",
      path: "/api/user",
      cookie,
      send: (req) => deleteAccount(req),
      happened: async () => (await getDb().user.findUnique({ where: { id: user.id } })) === null,
    };
  },
};

/** "METHOD /api/pattern" of every mutation whose route file wraps it without a schema. */
function bodilessMutationsInTheCode(): string[] {
  const wrappedWithoutSchema =
    /export const (POST|PUT|PATCH|DELETE) = (?:apiRoute|tokenApiRoute|publicApiRoute)\(\s*(?:"[a-z:]+",\s*)?(?:async\s*)?\(/g;
  const declared = /export const (POST|PUT|PATCH|DELETE) = endpointRoute\(/g;
  // A declared endpoint reads a body only when its contract gives it one.
  const takesNoBody = (key: string) =>
    OPERATIONS.some(
      (operation) =>
        `${operation.method.toUpperCase()} ${operation.path.replace(/\{(\w+)\}/g, "[$1]")}` === key &&
        operation.body === undefined,
    );
  return listRouteFiles().flatMap((file) => {
    const source = readFileSync(path.join(REPO_ROOT, file), "utf8");
    const key = (method: string | undefined) => `${method} ${routePattern(file)}`;
    return [
      ...[...source.matchAll(wrappedWithoutSchema)].map(([, method]) => key(method)),
      ...[...source.matchAll(declared)].map(([, method]) => key(method)).filter(takesNoBody),
    ];
  });
}

describe("bodiless mutations", () => {
  it("are all covered here", () => {
    expect(bodilessMutationsInTheCode().sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  describe.each(Object.entries(SCENARIOS))("%s", (_key, prepare) => {
    async function outcome(body: Body | null) {
      const prepared = await prepare();
      const res = await prepared.send(request(prepared, body));
      const json: Record<string, unknown> = await res.json();
      return { status: res.status, json, happened: await prepared.happened() };
    }

    it.each(NO_OPTIONS)("takes $label as no body", async (body) => {
      const without = await outcome(null);
      expect(without.status).toBeLessThan(300);
      expect(without.happened).toBe(true);
      const withBody = await outcome(body);
      expect(withBody.status).toBe(without.status);
      expect(Object.keys(withBody.json).sort()).toEqual(Object.keys(without.json).sort());
      expect(withBody.happened).toBe(true);
    });

    it.each(REFUSED)("refuses $label with a message saying it takes no body, and does nothing", async (body) => {
      const refused = await outcome(body);
      expect(refused).toEqual({
        status: 400,
        json: { code: "validation_failed", message: NO_BODY_MESSAGE },
        happened: false,
      });
    });
  });
});
