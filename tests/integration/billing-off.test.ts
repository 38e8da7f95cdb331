import { describe, expect, it } from "vitest";

// Billing off (no STRIPE_SECRET_KEY, the integration setup's default): payment calls answer 503 and
// the subscription info still works.
const { POST: createCheckout } = await import("@/app/api/subscriptions/create-checkout-session/route");
const { GET: verifySession } = await import("@/app/api/subscriptions/verify-session/route");
const { POST: openPortal } = await import("@/app/api/billing/portal/route");
const { POST: webhook } = await import("@/app/api/stripe/webhook/route");
const { GET: getSubscription } = await import("@/app/api/subscription/route");
const { DELETE: deleteUser } = await import("@/app/api/user/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");
const { checkInvitation, claimInvitation, newInvitation } = await import("@/tests/support/invitations");

const NOT_SET_UP = { code: "unavailable", message: "Payment processing is not set up yet." };

describe("with billing off", () => {
  it("answers 503 'Payment processing is not set up yet.' to checkout", async () => {
    const { cookie } = await signedInUser();
    const res = await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(NOT_SET_UP);
  });

  it("still answers 401 signed out and 403 cross-origin first", async () => {
    const { cookie } = await signedInUser();
    expect((await createCheckout(apiRequest("POST", "/api/subscriptions/create-checkout-session"))).status).toBe(401);
    expect(
      (
        await createCheckout(
          apiRequest("POST", "/api/subscriptions/create-checkout-session", { cookie, origin: "https://evil.example" }),
        )
      ).status,
    ).toBe(403);
  });

  it("answers 503 to the payment return, the portal and the webhook", async () => {
    const { cookie } = await signedInUser();
    const verify = await verifySession(
      apiRequest("GET", "/api/subscriptions/verify-session?session_id=cs_test_x", { cookie }),
    );
    expect(verify.status).toBe(503);
    const portal = await openPortal(apiRequest("POST", "/api/billing/portal", { cookie }));
    expect(portal.status).toBe(503);
    const hook = await webhook(
      new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        headers: { "stripe-signature": "t=1,v1=00" },
        body: "{}",
      }),
    );
    expect(hook.status).toBe(503);
    expect(await hook.json()).toEqual(NOT_SET_UP);
  });

  it("reports the plan: free after the trial, with every feature still available", async () => {
    const { cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    const body = await (await getSubscription(apiRequest("GET", "/api/subscription", { cookie }))).json();
    expect(body).toMatchObject({
      accountType: "free",
      inTrial: false,
      subscriptionEndsAt: null,
      referralMonthsEarned: 0,
    });
  });

  it("offers no Pro month with an invitation: it checks and claims as a welcome", async () => {
    const inviter = await signedInUser();
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    const check = await (await checkInvitation(invitation.code)).json();
    expect(check).toMatchObject({ valid: true });
    expect(check.message).not.toMatch(/Pro|month/);
    const claimed = await (await claimInvitation(friend.cookie, invitation.code)).json();
    expect(claimed).toEqual({ message: "Invitation claimed! Welcome to LinkStash." });
  });

  it("deletes an account without a subscription as before", async () => {
    const { user, cookie } = await signedInUser();
    expect((await deleteUser(apiRequest("DELETE", "/api/user", { cookie }))).status).toBe(200);
    expect(await getDb().user.findUnique({ where: { id: user.id } })).toBeNull();
  });

  it("keeps an account whose running subscription it cannot cancel without Stripe (503)", async () => {
    const { user, cookie } = await signedInUser({
      stripeSubscriptionId: "sub_still_billing",
      stripeSubscriptionStatus: "active",
      stripeCurrentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    const res = await deleteUser(apiRequest("DELETE", "/api/user", { cookie }));
    expect(res.status).toBe(503);
    expect(await getDb().user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });
});
