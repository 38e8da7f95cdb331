import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Stripe's events through POST /api/stripe/webhook, signed by the local Stripe fake.
const fake = await vi.hoisted(async () => (await import("@/tests/support/stripe-billing")).startBillingFake());

const { POST: webhook } = await import("@/app/api/stripe/webhook/route");
const { POST: createCheckout } = await import("@/app/api/subscriptions/create-checkout-session/route");
const { DELETE: deleteUser } = await import("@/app/api/user/route");
const { getDb } = await import("@/lib/db/client");
const { nextDigestAt, scheduleOf } = await import("@/lib/digests/schedule");
const { env } = await import("@/lib/env");
const { isPro } = await import("@/lib/billing/plans");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");
type UserData = Parameters<typeof signedInUser>[0];
const { webhookRequest } = await import("@/tests/support/stripe-billing");

const DAY = 86_400_000;
const ended = () => ({ trialEndsAt: new Date(Date.now() - DAY) });

afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setWebhookTarget(webhook);
});

const reload = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });
const eventRows = (id: string) => getDb().stripeEvent.count({ where: { id } });

/** A signed-in user who has paid at the fake's checkout; the completed event is returned, not delivered. */
async function paidCheckout(data: UserData = ended()) {
  const { user, cookie } = await signedInUser(data);
  const res = await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie }));
  const { url } = await res.json();
  const sessionId = String(url).split("/").pop() ?? "";
  fake.setWebhookTarget(undefined);
  const { subscription, event } = await fake.completeCheckout(sessionId);
  fake.setWebhookTarget(webhook);
  return { user, cookie, subscription, completed: event };
}

describe("signature", () => {
  it("refuses a forged signature with 400 'Invalid signature' and changes nothing", async () => {
    const { user, completed } = await paidCheckout();
    const forged = webhookRequest(fake, completed, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    const res = await webhook(forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid_signature", message: "Invalid signature" });
    expect(await reload(user.id)).toMatchObject({ stripeSubscriptionId: null, stripeSubscriptionStatus: null });
    expect(await eventRows(completed.id)).toBe(0);
  });

  it("refuses a missing signature, a tampered body and a signature by another secret", async () => {
    const { user, completed } = await paidCheckout();
    const payload = JSON.stringify(completed);
    const noSignature = new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", body: payload });
    expect((await webhook(noSignature)).status).toBe(400);

    const tampered = new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "stripe-signature": fake.sign(payload) },
      body: payload.replace(user.id, "someone-else"),
    });
    expect((await webhook(tampered)).status).toBe(400);

    const { default: Stripe } = await import("stripe");
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect((await webhook(webhookRequest(fake, completed, otherSecret))).status).toBe(400);
    expect((await reload(user.id)).stripeSubscriptionId).toBeNull();
  });
});

describe("checkout.session.completed", () => {
  it("makes the payer Pro", async () => {
    const { user, subscription, completed } = await paidCheckout();
    expect(isPro(await reload(user.id), new Date())).toBe(false);
    const delivery = await fake.deliver(completed);
    expect(delivery.status).toBe(200);
    const stored = await reload(user.id);
    expect(stored).toMatchObject({
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionStatus: "active",
    });
    expect(isPro(stored, new Date())).toBe(true);
    expect(await eventRows(completed.id)).toBe(1);
  });

  it("is applied once when delivered twice, even at the same time", async () => {
    const { user, completed } = await paidCheckout();
    const deliveries = await Promise.all([fake.deliver(completed), fake.deliver(completed)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(deliveries.map((d) => JSON.parse(d.body).outcome).sort()).toEqual(["applied", "duplicate"]);
    const third = await fake.deliver(completed);
    expect(JSON.parse(third.body).outcome).toBe("duplicate");
    expect(await eventRows(completed.id)).toBe(1);
    // One re-read of the subscription: the duplicates did nothing at all.
    expect(fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/subscriptions/"))).toHaveLength(1);
    expect(isPro(await reload(user.id), new Date())).toBe(true);
  });

  it("is also what the fake's Pay button delivers", async () => {
    const { cookie, user } = await signedInUser(ended());
    const { url } = await (
      await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie }))
    ).json();
    await fake.completeCheckout(String(url).split("/").pop() ?? "");
    expect(fake.deliveries.map((d) => [d.event.type, d.status])).toEqual([["checkout.session.completed", 200]]);
    expect(isPro(await reload(user.id), new Date())).toBe(true);
  });

  it("answers 200 and records the event for a user who no longer exists", async () => {
    const { user, completed } = await paidCheckout();
    await getDb().user.delete({ where: { id: user.id } });
    const delivery = await fake.deliver(completed);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body).outcome).toBe("ignored");
    expect(await eventRows(completed.id)).toBe(1);
  });
});

describe("subscription lifecycle", () => {
  it("customer.subscription.deleted makes the user free at once, and an older 'updated' delivered after it cannot resurrect it", async () => {
    const { user, subscription, completed } = await paidCheckout();
    await fake.deliver(completed);
    // Captured while the subscription was active, delivered late.
    const staleUpdate = fake.event("customer.subscription.updated", subscription);

    fake.setSubscriptionStatus(subscription.id, "canceled");
    const deleted = await fake.deliver(fake.event("customer.subscription.deleted", subscription));
    expect(deleted.status).toBe(200);
    const afterDelete = await reload(user.id);
    expect(afterDelete.stripeSubscriptionStatus).toBe("canceled");
    expect(isPro(afterDelete, new Date())).toBe(false);

    const late = await fake.deliver(staleUpdate);
    expect(late.status).toBe(200);
    const afterLate = await reload(user.id);
    expect(afterLate.stripeSubscriptionStatus).toBe("canceled");
    expect(isPro(afterLate, new Date())).toBe(false);
  });

  it("invoice.payment_failed records past_due and keeps Pro until the paid period ends", async () => {
    const { user, subscription, completed } = await paidCheckout();
    await fake.deliver(completed);
    fake.setSubscriptionStatus(subscription.id, "past_due");
    const res = await fake.deliver(fake.event("invoice.payment_failed", fake.invoiceFor(subscription.id, "open")));
    expect(res.status).toBe(200);
    const stored = await reload(user.id);
    expect(stored.stripeSubscriptionStatus).toBe("past_due");
    expect(isPro(stored, new Date())).toBe(true);
    expect(isPro(stored, new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000 + 1))).toBe(false);
  });

  it("invoice.paid after a failed payment brings the subscription back to active", async () => {
    const { user, subscription, completed } = await paidCheckout();
    await fake.deliver(completed);
    fake.setSubscriptionStatus(subscription.id, "past_due");
    await fake.deliver(fake.event("invoice.payment_failed", fake.invoiceFor(subscription.id, "open")));
    fake.setSubscriptionStatus(subscription.id, "active");
    await fake.deliver(fake.event("invoice.paid", fake.invoiceFor(subscription.id, "paid")));
    expect((await reload(user.id)).stripeSubscriptionStatus).toBe("active");
  });

  it("finds the user from the subscription's metadata when events arrive before checkout.session.completed", async () => {
    const { user, subscription } = await paidCheckout();
    const res = await fake.deliver(fake.event("invoice.paid", fake.invoiceFor(subscription.id, "paid")));
    expect(JSON.parse(res.body).outcome).toBe("applied");
    expect(await reload(user.id)).toMatchObject({
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionStatus: "active",
    });
  });

  it("a canceled second subscription does not end the one that is running", async () => {
    const first = await paidCheckout();
    await fake.deliver(first.completed);
    // A second checkout paid in another tab, then canceled.
    const second = fake.createSubscription(first.subscription.customer, "price_test_pro_yearly", {
      userId: first.user.id,
    });
    fake.setSubscriptionStatus(second.id, "canceled");
    const res = await fake.deliver(fake.event("customer.subscription.deleted", second));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).outcome).toBe("ignored");
    expect(await reload(first.user.id)).toMatchObject({
      stripeSubscriptionId: first.subscription.id,
      stripeSubscriptionStatus: "active",
    });
  });

  it("ignores events it does not act on", async () => {
    const res = await fake.deliver(fake.event("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).outcome).toBe("ignored");
    expect(await getDb().stripeEvent.count({ where: { type: "customer.created" } })).toBe(0);
  });

  it("answers 500 while Stripe cannot be read, records nothing, and applies Stripe's retry", async () => {
    const { user, completed } = await paidCheckout();
    // The SDK itself retries twice: three failures outlast it.
    fake.failNext(3);
    const failed = await fake.deliver(completed);
    expect(failed.status).toBe(500);
    expect(await eventRows(completed.id)).toBe(0);
    expect((await reload(user.id)).stripeSubscriptionId).toBeNull();

    const retried = await fake.deliver(completed);
    expect(retried.status).toBe(200);
    expect(JSON.parse(retried.body).outcome).toBe("applied");
    expect(await eventRows(completed.id)).toBe(1);
  });
});

describe("digest schedule", () => {
  it("moves a daily schedule's next digest to daily on upgrade, and back to weekly when the subscription ends", async () => {
    const now = new Date();
    // Past the trial a free account's daily schedule runs weekly, on its first day: three days ahead.
    const weekday = (now.getUTCDay() + 3) % 7;
    const { user, subscription, completed } = await paidCheckout({
      ...ended(),
      emailFrequency: "daily",
      emailTime: 8,
      emailDays: [weekday],
      timezone: "UTC",
    });
    const freeNext = nextDigestAt(scheduleOf(user), user, "UTC", now, env.billingEnabled);
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: freeNext } });
    expect(freeNext && freeNext.getTime() - now.getTime()).toBeGreaterThan(2 * DAY);

    await fake.deliver(completed);
    const pro = await reload(user.id);
    expect(pro.nextDigestAt && pro.nextDigestAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
    expect(pro.nextDigestAt?.getUTCHours()).toBe(8);

    fake.setSubscriptionStatus(subscription.id, "canceled");
    await fake.deliver(fake.event("customer.subscription.deleted", subscription));
    expect((await reload(user.id)).nextDigestAt).toEqual(freeNext);
  });

  it("leaves a user without a scheduled digest without one", async () => {
    const { user, completed } = await paidCheckout({ ...ended(), emailFrequency: "none" });
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: null } });
    await fake.deliver(completed);
    expect((await reload(user.id)).nextDigestAt).toBeNull();
  });
});

describe("account deletion", () => {
  it("cancels the subscription at Stripe before deleting the account", async () => {
    const { user, cookie, subscription, completed } = await paidCheckout();
    await fake.deliver(completed);
    const res = await deleteUser(apiRequest("DELETE", "/api/user", { cookie }));
    expect(res.status).toBe(200);
    expect(fake.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/v1/subscriptions/${subscription.id}`,
    ]);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect(await getDb().user.findUnique({ where: { id: user.id } })).toBeNull();

    // Stripe then announces the cancellation; the account is gone, so there is nothing to apply.
    const announced = await fake.deliver(
      fake.event("customer.subscription.deleted", fake.subscriptions.get(subscription.id)),
    );
    expect(announced.status).toBe(200);
  });

  it("keeps the account (503) when Stripe cannot cancel the subscription", async () => {
    const { user, cookie, completed } = await paidCheckout();
    await fake.deliver(completed);
    fake.failNext(3);
    const res = await deleteUser(apiRequest("DELETE", "/api/user", { cookie }));
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/could not cancel your Pro subscription/);
    expect(await getDb().user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("deletes an account whose subscription has already ended without calling Stripe", async () => {
    const { user, cookie } = await signedInUser({
      stripeSubscriptionId: "sub_gone",
      stripeSubscriptionStatus: "canceled",
    });
    expect((await deleteUser(apiRequest("DELETE", "/api/user", { cookie }))).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect(await getDb().user.findUnique({ where: { id: user.id } })).toBeNull();
  });
});
