import { startStripeFake, type FakeEvent, type StripeFake } from "@/tests/fakes/stripe-fake";

// Billing switched on against the local Stripe fake. Call it from `vi.hoisted` so the configuration
// is in place before the test file imports the app (lib/env.ts reads it once):
//   const fake = await vi.hoisted(async () => (await import("@/tests/support/stripe-billing")).startBillingFake());

export const TEST_PRICE_ID = "price_test_pro_yearly";
export const TEST_WEBHOOK_SECRET = "whsec_test_linkstash";

export async function startBillingFake(): Promise<StripeFake> {
  const fake = await startStripeFake({ webhookSecret: TEST_WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = "sk_test_linkstash";
  process.env.STRIPE_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
  process.env.STRIPE_PRICE_ID = TEST_PRICE_ID;
  process.env.STRIPE_API_BASE = fake.url;
  return fake;
}

/** A webhook request exactly as Stripe sends one: the raw JSON body and its signature header. */
export function webhookRequest(fake: StripeFake, event: FakeEvent, signature?: string): Request {
  const payload = JSON.stringify(event);
  return new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature ?? fake.sign(payload) },
    body: payload,
  });
}
