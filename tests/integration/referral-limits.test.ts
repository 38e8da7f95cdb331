import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  INVITATION_CLAIMED_NO_BILLING_MESSAGE,
  MAILBOX_ALREADY_CLAIMED_MESSAGE,
  OWN_MAILBOX_MESSAGE,
  REFERRAL_MONTHS_PER_YEAR,
} from "@/lib/invitations/rules";
import { signedInUser } from "@/tests/support/factories";
import { claimInvitation } from "@/tests/support/invitations";

// Referral limits (decision 0163): referral months could be farmed (six plus-addressed accounts of
// one mailbox earned six Pro months in a minute). One mailbox claims once, never from its own
// mailbox, and an inviter earns at most REFERRAL_MONTHS_PER_YEAR months in any 12 months.

const DAY = 86_400_000;
const userRow = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });
const unique = () => Math.random().toString(36).slice(2, 10);

/** Invitations of the inviter, created directly: the allowance is not what these tests are about. */
async function invitationsOf(inviterId: string, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, () => `code-${unique()}${unique()}`);
  await getDb().invitation.createMany({ data: codes.map((code) => ({ code, inviterId })) });
  return codes;
}

describe("one mailbox, one claim", () => {
  it("refuses the plus-addressed accounts of one mailbox after the first (the reported farm)", async () => {
    const inviter = await signedInUser({ email: `inviter-${unique()}@example.com` });
    const mailbox = `farmer-${unique()}`;
    const codes = await invitationsOf(inviter.user.id, 6);
    const statuses: number[] = [];
    for (const [i, code] of codes.entries()) {
      const claimer = await signedInUser({ email: `${mailbox}+${i}@example.com` });
      const res = await claimInvitation(claimer.cookie, code);
      statuses.push(res.status);
      if (i > 0)
        expect(await res.json()).toEqual({ code: "already_claimed", message: MAILBOX_ALREADY_CLAIMED_MESSAGE });
    }
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(1);
    // The refused codes stay available for someone else.
    expect(await getDb().invitation.count({ where: { code: { in: codes }, status: "available" } })).toBe(5);
  });

  it("reads Gmail's dots and googlemail.com as the same mailbox", async () => {
    const inviter = await signedInUser({ email: `inviter-${unique()}@example.com` });
    const [first = "", second = ""] = await invitationsOf(inviter.user.id, 2);
    const name = `jane${unique()}`;
    const a = await signedInUser({ email: `${name}@gmail.com` });
    const b = await signedInUser({ email: `${name.slice(0, 2)}.${name.slice(2)}+x@googlemail.com` });
    expect((await claimInvitation(a.cookie, first)).status).toBe(200);
    const res = await claimInvitation(b.cookie, second);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "already_claimed", message: MAILBOX_ALREADY_CLAIMED_MESSAGE });
    expect((await userRow(b.user.id)).proUntil).toBeNull();
  });

  it("refuses a claim from the inviter's own mailbox, and gives nobody a month", async () => {
    const name = `owner${unique()}`;
    const inviter = await signedInUser({ email: `${name}@gmail.com` });
    const [code = ""] = await invitationsOf(inviter.user.id, 1);
    const alias = await signedInUser({ email: `${name.slice(0, 3)}.${name.slice(3)}+second@gmail.com` });
    const res = await claimInvitation(alias.cookie, code);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "forbidden", message: OWN_MAILBOX_MESSAGE });
    expect(await getDb().invitation.findUniqueOrThrow({ where: { code } })).toMatchObject({
      status: "available",
      recipientId: null,
    });
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(0);
    expect((await userRow(alias.user.id)).proUntil).toBeNull();
    // The mailbox was not used up by the refused claim: it may still claim someone else's invitation.
    const other = await signedInUser({ email: `other-${unique()}@example.com` });
    const [otherCode = ""] = await invitationsOf(other.user.id, 1);
    expect((await claimInvitation(alias.cookie, otherCode)).status).toBe(200);
  });

  it("does not free a mailbox when its account is deleted", async () => {
    const inviter = await signedInUser({ email: `inviter-${unique()}@example.com` });
    const [first = "", second = ""] = await invitationsOf(inviter.user.id, 2);
    const email = `again-${unique()}@example.com`;
    const before = await signedInUser({ email });
    expect((await claimInvitation(before.cookie, first)).status).toBe(200);
    await getDb().user.delete({ where: { id: before.user.id } });
    const after = await signedInUser({ email });
    expect((await claimInvitation(after.cookie, second)).status).toBe(409);
  });

  it("lets one of two accounts of one mailbox claiming at once win", async () => {
    const inviter = await signedInUser({ email: `inviter-${unique()}@example.com` });
    const [first = "", second = ""] = await invitationsOf(inviter.user.id, 2);
    const mailbox = `racer-${unique()}`;
    const a = await signedInUser({ email: `${mailbox}+a@example.com` });
    const b = await signedInUser({ email: `${mailbox}+b@example.com` });
    const responses = await Promise.all([claimInvitation(a.cookie, first), claimInvitation(b.cookie, second)]);
    expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(1);
  });
});

describe(`at most ${REFERRAL_MONTHS_PER_YEAR} referral months a year`, () => {
  it("rewards the inviter up to the cap; claimers past it still get their month", async () => {
    const inviter = await signedInUser({ email: `popular-${unique()}@example.com` });
    const codes = await invitationsOf(inviter.user.id, REFERRAL_MONTHS_PER_YEAR + 2);
    for (const code of codes) {
      const friend = await signedInUser({ email: `friend-${unique()}@example.com` });
      const res = await claimInvitation(friend.cookie, code);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: INVITATION_CLAIMED_NO_BILLING_MESSAGE });
      expect((await userRow(friend.user.id)).proUntil).not.toBeNull();
    }
    const capped = await userRow(inviter.user.id);
    expect(capped.referralMonthsEarned).toBe(REFERRAL_MONTHS_PER_YEAR);
    const proDays = ((capped.proUntil?.getTime() ?? 0) - Date.now()) / DAY;
    expect(proDays).toBeGreaterThan(REFERRAL_MONTHS_PER_YEAR * 28);
    expect(proDays).toBeLessThan(REFERRAL_MONTHS_PER_YEAR * 31 + 1);

    // A year after those claims, the inviter earns again.
    await getDb().invitation.updateMany({
      where: { inviterId: inviter.user.id },
      data: { usedAt: new Date(Date.now() - 366 * DAY) },
    });
    const [later = ""] = await invitationsOf(inviter.user.id, 1);
    const friend = await signedInUser({ email: `later-${unique()}@example.com` });
    expect((await claimInvitation(friend.cookie, later)).status).toBe(200);
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(REFERRAL_MONTHS_PER_YEAR + 1);
  });
});
