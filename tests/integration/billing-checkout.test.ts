import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Checkout, the payment return and the billing portal with billing on, against the local Stripe fake.
const fake = await vi.hoisted(async () => (await import("@/tests/support/stripe-billing")).startBillingFake());

const { POST: createCheckout } = await import("@/app/api/subscriptions/create-checkout-session/route");
const { GET: verifySession } = await import("@/app/api/subscriptions/verify-session/route");
const { GET: getSubscription } = await import("@/app/api/subscription/route");
const { POST: openPortal } = await import("@/app/api/billing/portal/route");
const { GET: getUser } = await import("@/app/api/auth/user/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");
const { TEST_PRICE_ID } = await import("@/tests/support/stripe-billing");

const DAY = 86_400_000;

afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function startCheckout(cookie: string): Promise<string> {
  const res = await createCheckout(
    apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie, emptyStream: true }),
  );
  expect(res.status).toBe(200);
  const { url } = await res.json();
  const id = /\/checkout\/(cs_\w+)$/.exec(url)?.[1];
  if (!id) throw new Error(`not a checkout url: ${url}`);
  return id;
}

const verify = (cookie: string, sessionId: string) =>
  verifySession(
    apiRequest("GET", `/api/subscriptions/verify-session?session_id=${encodeURIComponent(sessionId)}`, { cookie }),
  );

const reload = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });

describe("POST /api/subscriptions/create-checkout-session", () => {
  it("creates a subscription-mode session for the server's price, tied to the user, and answers its url", async () => {
    const { user, cookie } = await signedInUser();
    const sessionId = await startCheckout(cookie);

    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(created).toHaveLength(1);
    const body = created[0]?.body;
    expect(body).toMatchObject({
      mode: "subscription",
      line_items: [{ price: TEST_PRICE_ID, quantity: "1" }],
      client_reference_id: user.id,
      customer_email: user.email,
      success_url: "http://localhost:3000/pricing?success=true&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/pricing?canceled=true",
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
    });
    expect(body).not.toHaveProperty("customer");
    expect(created[0]?.headers.authorization).toBe("Bearer sk_test_linkstash");
    expect(fake.sessions.get(sessionId)?.client_reference_id).toBe(user.id);
  });

  it("ignores a price or user sent by the client", async () => {
    const { user, cookie } = await signedInUser();
    const res = await createCheckout(
      apiRequest("POST", "/api/subscriptions/create-checkout-session", {
        cookie,
        json: { priceId: "price_cheap", userId: "someone-else" },
      }),
    );
    // The route takes no payload at all.
    expect(res.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
    await startCheckout(cookie);
    expect(fake.requests[0]?.body).toMatchObject({
      line_items: [{ price: TEST_PRICE_ID }],
      client_reference_id: user.id,
    });
  });

  it("reuses the Stripe customer the user already has", async () => {
    const { cookie, user } = await signedInUser();
    const first = await startCheckout(cookie);
    const { subscription } = await fake.completeCheckout(first);
    // The subscription ends (canceled), then the user comes back for another year.
    expect((await verify(cookie, first)).status).toBe(200);
    fake.setSubscriptionStatus(subscription.id, "canceled");
    await getDb().user.update({ where: { id: user.id }, data: { stripeSubscriptionStatus: "canceled" } });
    fake.requests.length = 0;
    await startCheckout(cookie);
    expect(fake.requests[0]?.body).toMatchObject({ customer: subscription.customer });
    expect(fake.requests[0]?.body).not.toHaveProperty("customer_email");
  });

  it("refuses a second subscription while one is running", async () => {
    const { cookie } = await signedInUser();
    const sessionId = await startCheckout(cookie);
    await fake.completeCheckout(sessionId);
    expect((await verify(cookie, sessionId)).status).toBe(200);
    const again = await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie }));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already have a Pro subscription/);
  });

  it("answers 401 signed out and 403 cross-origin, without calling Stripe", async () => {
    const { cookie } = await signedInUser();
    expect((await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session"))).status).toBe(401);
    const foreign = await createCheckout(
      apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie, origin: "https://evil.example" }),
    );
    expect(foreign.status).toBe(403);
    const noOrigin = await createCheckout(
      apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie, origin: null }),
    );
    expect(noOrigin.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("GET /api/subscriptions/verify-session", () => {
  it("makes the payer Pro at once, with the subscription read from Stripe", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - DAY) });
    const sessionId = await startCheckout(cookie);
    const { subscription } = await fake.completeCheckout(sessionId);

    const res = await verify(cookie, sessionId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    const stored = await reload(user.id);
    expect(stored).toMatchObject({
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionStatus: "active",
      proUntil: null,
    });
    expect(stored.stripeCurrentPeriodEnd?.getTime()).toBe((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(
      true,
    );
    expect((await (await getUser(apiRequest("GET", "/api/auth/user", { cookie }))).json()).accountType).toBe("pro");
  });

  it("is idempotent: verifying the same session again changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const sessionId = await startCheckout(cookie);
    await fake.completeCheckout(sessionId);
    expect((await verify(cookie, sessionId)).status).toBe(200);
    const first = await reload(user.id);
    expect((await verify(cookie, sessionId)).status).toBe(200);
    const second = await reload(user.id);
    expect(second.stripeSubscriptionId).toBe(first.stripeSubscriptionId);
    expect(second.stripeCurrentPeriodEnd).toEqual(first.stripeCurrentPeriodEnd);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const payer = await signedInUser();
    const sessionId = await startCheckout(payer.cookie);
    await fake.completeCheckout(sessionId);
    const other = await signedInUser();

    const res = await verify(other.cookie, sessionId);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Checkout session not found.");
    expect(await reload(other.user.id)).toMatchObject({
      stripeSubscriptionId: null,
      stripeCustomerId: null,
      stripeSubscriptionStatus: null,
    });
    expect(await reload(payer.user.id)).toMatchObject({ stripeSubscriptionId: null });
  });

  it("answers 404 for a session Stripe does not know", async () => {
    const { cookie } = await signedInUser();
    expect((await verify(cookie, "cs_test_doesnotexist")).status).toBe(404);
  });

  it("refuses a session that has not been paid (409) and leaves the user free", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - DAY) });
    const sessionId = await startCheckout(cookie);
    const res = await verify(cookie, sessionId);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("The payment for this checkout session has not been completed.");
    expect(await reload(user.id)).toMatchObject({ stripeSubscriptionId: null, stripeSubscriptionStatus: null });
  });

  it("answers 400 without a valid session id, and 401 signed out", async () => {
    const { cookie } = await signedInUser();
    const missing = await verifySession(apiRequest("GET", "/api/subscriptions/verify-session", { cookie }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("session_id is required.");
    expect((await verify(cookie, "../../v1/customers")).status).toBe(400);
    expect((await verify("", "cs_test_x")).status).toBe(401);
  });
});

describe("GET /api/subscription", () => {
  it("answers the subscription fields for a user in the trial", async () => {
    const trialEndsAt = new Date(Date.now() + 5 * DAY);
    const { cookie } = await signedInUser({ trialEndsAt, referralMonthsEarned: 2 });
    const res = await getSubscription(apiRequest("GET", "/api/subscription", { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      accountType: "free",
      referralMonthsEarned: 2,
      inTrial: true,
      trialEndsAt: trialEndsAt.toISOString(),
      subscriptionEndsAt: null,
    });
  });

  it("gives a subscriber's period end, or later invitation time, as subscriptionEndsAt", async () => {
    const { user, cookie } = await signedInUser();
    const sessionId = await startCheckout(cookie);
    const { subscription } = await fake.completeCheckout(sessionId);
    await verify(cookie, sessionId);
    const periodEnd = new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
    const body = await (await getSubscription(apiRequest("GET", "/api/subscription", { cookie }))).json();
    expect(body).toMatchObject({ accountType: "pro", inTrial: false, subscriptionEndsAt: periodEnd.toISOString() });

    const later = new Date(periodEnd.getTime() + 30 * DAY);
    await getDb().user.update({ where: { id: user.id }, data: { proUntil: later } });
    const again = await (await getSubscription(apiRequest("GET", "/api/subscription", { cookie }))).json();
    expect(again.subscriptionEndsAt).toBe(later.toISOString());
  });

  it("answers 401 signed out", async () => {
    expect((await getSubscription(apiRequest("GET", "/api/subscription"))).status).toBe(401);
  });
});

describe("POST /api/billing/portal", () => {
  it("opens the billing portal for a subscriber, returning to /settings", async () => {
    const { cookie } = await signedInUser();
    const sessionId = await startCheckout(cookie);
    const { subscription } = await fake.completeCheckout(sessionId);
    await verify(cookie, sessionId);
    const res = await openPortal(apiRequest("POST", "/api/billing/portal", { cookie }));
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/\/portal\/bps_/);
    const call = fake.requests.find((r) => r.path === "/v1/billing_portal/sessions");
    expect(call?.body).toEqual({ customer: subscription.customer, return_url: "http://localhost:3000/settings" });
  });

  it("answers 409 with a clear message without a subscription", async () => {
    const { cookie } = await signedInUser();
    const res = await openPortal(apiRequest("POST", "/api/billing/portal", { cookie }));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/no subscription to manage/);
    expect(fake.requests).toHaveLength(0);
  });
});
