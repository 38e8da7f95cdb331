import { afterAll, describe, expect, it, vi } from "vitest";

// With billing on, the invitation keeps its offer of a Pro month in every place it is told: the
// check, the claim and the email (without billing: tests/integration/invitations.test.ts).
const fake = await vi.hoisted(async () => (await import("@/tests/support/stripe-billing")).startBillingFake());

const { listMailbox } = await import("@/lib/mail/mailbox");
const { signedInUser } = await import("@/tests/support/factories");
const { checkInvitation, claimInvitation, newInvitation } = await import("@/tests/support/invitations");

afterAll(() => fake.close());

describe("invitations with billing on", () => {
  it("offer, and on a claim give, 1 month of Pro", async () => {
    const inviter = await signedInUser({ username: "Robin" });
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie, { recipientEmail: "billing-friend@example.test" });

    const [message] = await listMailbox("billing-friend@example.test");
    expect(message?.subject).toBe("Robin invited you to LinkStash: 1 month of Pro for free");
    expect(message?.text).toContain("The invitation gives you 1 month of Pro for free");
    expect(message?.text).toContain("Claim 1 Month Pro Access");

    expect(await (await checkInvitation(invitation.code)).json()).toEqual({
      valid: true,
      message: "This invitation gives you 1 month of Pro for free.",
    });
    expect(await (await claimInvitation(friend.cookie, invitation.code)).json()).toEqual({
      message: "Invitation claimed! You now have 1 month of Pro.",
    });
  });
});
