import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseForm, startStripeFake, type StripeFake } from "@/tests/fakes/stripe-fake";

// Drives the fake through the real `stripe` SDK, so the fake is checked against the wire format the
// app's billing code actually sends and parses.

const SECRET = "whsec_unit";
let fake: StripeFake;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: SECRET });
  const port = Number(new URL(fake.url).port);
  stripe = new Stripe("sk_test_unit", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

const sessionParams = {
  mode: "subscription",
  line_items: [{ price: "price_unit", quantity: 1 }],
  client_reference_id: "user_1",
  customer_email: "reader@example.com",
  subscription_data: { metadata: { userId: "user_1" } },
  success_url: "http://localhost:3000/pricing?success=true&session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://localhost:3000/pricing?canceled=true",
} satisfies Stripe.Checkout.SessionCreateParams;

describe("parseForm", () => {
  it("nests bracketed keys and turns numbered keys into arrays", () => {
    expect(
      parseForm("a=1&line_items[0][price]=p&line_items[0][quantity]=1&metadata[k]=v&expand[0]=x&list[]=1&list[]=2"),
    ).toEqual({
      a: "1",
      line_items: [{ price: "p", quantity: "1" }],
      metadata: { k: "v" },
      expand: ["x"],
      list: ["1", "2"],
    });
  });
});

describe("the Stripe fake through the SDK", () => {
  it("creates and retrieves a checkout session, then completes it into an active yearly subscription", async () => {
    const created = await stripe.checkout.sessions.create(sessionParams);
    expect(created).toMatchObject({
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      client_reference_id: "user_1",
    });
    expect(created.url).toBe(`${fake.url}/checkout/${created.id}`);

    const { subscription } = await fake.completeCheckout(created.id);
    const session = await stripe.checkout.sessions.retrieve(created.id);
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", subscription: subscription.id });

    const read = await stripe.subscriptions.retrieve(subscription.id);
    expect(read.status).toBe("active");
    expect(read.metadata).toEqual({ userId: "user_1" });
    const item = read.items.data[0];
    expect(item?.price.id).toBe("price_unit");
    const year = (item?.current_period_end ?? 0) - (item?.current_period_start ?? 0);
    expect(year).toBeGreaterThanOrEqual(365 * 86_400);
    expect(year).toBeLessThanOrEqual(366 * 86_400);
  });

  it("cancels a subscription once; a second cancel is a request error", async () => {
    const created = await stripe.checkout.sessions.create(sessionParams);
    const { subscription } = await fake.completeCheckout(created.id);
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe("canceled");
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("answers unknown objects with resource_missing, a bad key with an authentication error, an outage with an API error", async () => {
    await expect(stripe.subscriptions.retrieve("sub_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      statusCode: 404,
    });
    const port = Number(new URL(fake.url).port);
    const badKey = new Stripe("pk_wrong", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
    await expect(badKey.subscriptions.retrieve("sub_x")).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    fake.failNext(1);
    await expect(stripe.subscriptions.retrieve("sub_x")).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it("refuses a session naming both a customer and an address, or an unknown price", async () => {
    await expect(stripe.checkout.sessions.create({ ...sessionParams, customer: "cus_unknown" })).rejects.toThrow(
      /only specify one/,
    );
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams, line_items: [{ price: "gold", quantity: 1 }] }),
    ).rejects.toThrow(/No such price/);
  });

  it("opens a billing-portal session for a known customer", async () => {
    const created = await stripe.checkout.sessions.create(sessionParams);
    const { subscription } = await fake.completeCheckout(created.id);
    const portal = await stripe.billingPortal.sessions.create({
      customer: subscription.customer,
      return_url: "http://localhost:3000/settings",
    });
    expect(portal.url).toMatch(/\/portal\/bps_/);
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nobody" })).rejects.toThrow(/No such customer/);
  });

  it("signs events so that constructEvent accepts them, and only with the same secret", () => {
    const event = fake.event("invoice.paid", { id: "in_1", object: "invoice" });
    const payload = JSON.stringify(event);
    const header = fake.sign(payload);
    expect(stripe.webhooks.constructEvent(payload, header, SECRET).id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow();
  });
});
