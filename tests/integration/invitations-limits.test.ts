import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Billing on: the free plan's "2 invitations in total" applies once the trial is over.
  process.env.STRIPE_SECRET_KEY = "sk_test_invitation_limits";
});

const { getDb } = await import("@/lib/db/client");
const { signedInUser } = await import("@/tests/support/factories");
const { claimInvitation, createInvitation, deleteInvitation, newInvitation, readList } =
  await import("@/tests/support/invitations");

const DAY = 86_400_000;
const FREE_MESSAGE = "You have no invitations left. Free accounts get 2 invitations in total; Upgrade to Pro for more.";
const PRO_MESSAGE = "You have no invitations left. 2 more become available once your current ones are used.";

const freeAfterTrial = () => ({ trialEndsAt: new Date(Date.now() - DAY) });
const pro = () => ({ ...freeAfterTrial(), proUntil: new Date(Date.now() + 60 * DAY) });

async function expectRefused(cookie: string, message: string) {
  const res = await createInvitation(cookie);
  expect(res.status).toBe(402);
  expect(await res.json()).toEqual({ code: "plan_limit", message });
}

/** Marks an invitation used without a claim's reward, so the inviter's plan stays as it is. */
const markUsed = (id: string) =>
  getDb().invitation.update({ where: { id }, data: { status: "used", usedAt: new Date() } });

describe("invitation limits with billing on", () => {
  it("gives a free account 2 invitations in total, then answers 402 saying how to get more", async () => {
    const { user, cookie } = await signedInUser(freeAfterTrial());
    expect((await readList(cookie)).availableInvites).toBe(2);
    const first = await newInvitation(cookie);
    const second = await newInvitation(cookie);
    expect((await readList(cookie)).availableInvites).toBe(0);
    await expectRefused(cookie, FREE_MESSAGE);

    // Used ones are never renewed for a free account.
    await markUsed(first.id);
    await markUsed(second.id);
    expect((await readList(cookie)).availableInvites).toBe(0);
    await expectRefused(cookie, FREE_MESSAGE);
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(2);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).invitesGranted).toBe(2);
  });

  it("gives a free account a deleted, unclaimed invitation back", async () => {
    const { cookie } = await signedInUser(freeAfterTrial());
    const first = await newInvitation(cookie);
    await newInvitation(cookie);
    expect((await deleteInvitation(cookie, first.id)).status).toBe(200);
    expect((await readList(cookie)).availableInvites).toBe(1);
    expect((await createInvitation(cookie)).status).toBe(201);
    await expectRefused(cookie, FREE_MESSAGE);
  });

  it("lets exactly 2 of ten simultaneous creations by a free account through", async () => {
    const { user, cookie } = await signedInUser(freeAfterTrial());
    const responses = await Promise.all(Array.from({ length: 10 }, () => createInvitation(cookie)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 402)).toHaveLength(8);
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(2);
  });

  it("renews a Pro account's invitations by 2 once all current ones are claimed", async () => {
    const inviter = await signedInUser(pro());
    const first = await newInvitation(inviter.cookie);
    const second = await newInvitation(inviter.cookie);
    await expectRefused(inviter.cookie, PRO_MESSAGE);

    const friendA = await signedInUser(freeAfterTrial());
    expect((await claimInvitation(friendA.cookie, first.code)).status).toBe(200);
    // One is still pending: no renewal yet.
    expect((await readList(inviter.cookie)).availableInvites).toBe(0);
    await expectRefused(inviter.cookie, PRO_MESSAGE);

    const friendB = await signedInUser(freeAfterTrial());
    expect((await claimInvitation(friendB.cookie, second.code)).status).toBe(200);
    expect((await readList(inviter.cookie)).availableInvites).toBe(2);

    await newInvitation(inviter.cookie);
    await newInvitation(inviter.cookie);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: inviter.user.id } })).invitesGranted).toBe(4);
    expect((await readList(inviter.cookie)).availableInvites).toBe(0);
    await expectRefused(inviter.cookie, PRO_MESSAGE);
  });

  it("renews for an account in its trial too", async () => {
    const { cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() + 5 * DAY) });
    const first = await newInvitation(cookie);
    const second = await newInvitation(cookie);
    await markUsed(first.id);
    await markUsed(second.id);
    expect((await readList(cookie)).availableInvites).toBe(2);
  });

  it("lets a free account whose friend joined use the Pro month's renewal", async () => {
    const inviter = await signedInUser(freeAfterTrial());
    const first = await newInvitation(inviter.cookie);
    const second = await newInvitation(inviter.cookie);
    for (const invitation of [first, second]) {
      const friend = await signedInUser(freeAfterTrial());
      expect((await claimInvitation(friend.cookie, invitation.code)).status).toBe(200);
    }
    // Two friends joined: the inviter has two months of Pro, and with it renewable invitations.
    const row = await getDb().user.findUniqueOrThrow({ where: { id: inviter.user.id } });
    expect(row.referralMonthsEarned).toBe(2);
    expect(row.proUntil?.getTime()).toBeGreaterThan(Date.now() + 56 * DAY);
    expect((await readList(inviter.cookie)).availableInvites).toBe(2);
  });

  it("lifts a free account's weekly fallback at once when a claim makes it Pro", async () => {
    const { nextDigestAt, scheduleOf } = await import("@/lib/digests/schedule");
    const { env } = await import("@/lib/env");
    const inviter = await signedInUser(pro());
    const { code } = await newInvitation(inviter.cookie);
    const now = new Date();
    // Daily at 06:00 UTC, run as weekly (on its first day, three days ahead) while the account is free.
    const fallbackDay = (now.getUTCDay() + 3) % 7;
    const schedule = {
      emailFrequency: "daily" as const,
      emailTime: 6,
      emailDays: [fallbackDay],
      emailHours: {},
      timezone: "UTC",
    };
    const weekly = nextDigestAt(
      scheduleOf(schedule),
      { ...freeAfterTrial(), proUntil: null },
      "UTC",
      now,
      env.billingEnabled,
    );
    expect(weekly?.getTime()).toBeGreaterThan(now.getTime() + 2 * DAY);
    const claimer = await signedInUser({ ...freeAfterTrial(), ...schedule, nextDigestAt: weekly });
    expect((await claimInvitation(claimer.cookie, code)).status).toBe(200);
    const after = await getDb().user.findUniqueOrThrow({ where: { id: claimer.user.id } });
    expect(after.nextDigestAt?.getTime()).toBeLessThanOrEqual(now.getTime() + DAY);
    expect(after.nextDigestAt?.getUTCHours()).toBe(6);
  });
});
