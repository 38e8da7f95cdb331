import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { InvitationResponse } from "@/lib/invitations/response";
import { signedInUser } from "@/tests/support/factories";
import { claimInvitation, createInvitation, newInvitation } from "@/tests/support/invitations";

// Claims racing on real PostgreSQL connections (PGlite runs one statement at a time, so there the
// races cannot happen): the conditional UPDATE and the unique recipientId must decide them alone.

const ROUNDS = 5;
const userRow = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });

/** One calendar month after `date` in UTC, clamped to the month's last day. */
function monthAfter(date: Date): Date {
  const result = new Date(date.getTime());
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0)).getUTCDate();
  result.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + 1, Math.min(date.getUTCDate(), lastDay));
  return result;
}

describe("invitation claims on PostgreSQL", () => {
  it("ten different users claiming one code at once: exactly one wins, one reward each way", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Far-future Pro time makes every month added exact, whatever the clock says.
      const start = new Date("2099-01-15T00:00:00.000Z");
      const inviter = await signedInUser({ proUntil: start });
      const invitation = await newInvitation(inviter.cookie);
      const friends = await Promise.all(Array.from({ length: 10 }, () => signedInUser()));

      const responses = await Promise.all(friends.map((friend) => claimInvitation(friend.cookie, invitation.code)));
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);

      const winner = friends[statuses.indexOf(200)];
      const row = await getDb().invitation.findUniqueOrThrow({ where: { id: invitation.id } });
      expect(row).toMatchObject({ status: "used", recipientId: winner?.user.id });
      const rewarded = await getDb().user.findMany({
        where: { id: { in: friends.map((f) => f.user.id) }, proUntil: { not: null } },
      });
      expect(rewarded.map((user) => user.id)).toEqual([winner?.user.id]);
      expect(await userRow(inviter.user.id)).toMatchObject({ referralMonthsEarned: 1, proUntil: monthAfter(start) });
    }
  });

  it("one user claiming ten codes at once gets exactly one", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inviters = await Promise.all(Array.from({ length: 10 }, () => signedInUser()));
      const invitations = await Promise.all(inviters.map((inviter) => newInvitation(inviter.cookie)));
      const claimer = await signedInUser({ proUntil: new Date("2099-03-31T00:00:00.000Z") });

      const responses = await Promise.all(
        invitations.map((invitation) => claimInvitation(claimer.cookie, invitation.code)),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      for (const res of responses.filter((r) => r.status === 409)) {
        expect(await res.json()).toEqual({
          code: "already_claimed",
          message: "You have already claimed an invitation.",
        });
      }
      expect(await getDb().invitation.count({ where: { recipientId: claimer.user.id } })).toBe(1);
      expect(
        await getDb().invitation.count({ where: { id: { in: invitations.map((i) => i.id) }, status: "available" } }),
      ).toBe(9);
      expect((await userRow(claimer.user.id)).proUntil).toEqual(new Date("2099-04-30T00:00:00.000Z"));
      const earned = await getDb().user.aggregate({
        where: { id: { in: inviters.map((i) => i.user.id) } },
        _sum: { referralMonthsEarned: true },
      });
      expect(earned._sum.referralMonthsEarned).toBe(1);
    }
  });

  it("friends claiming one inviter's codes at once each add a month: none is lost", async () => {
    const start = new Date("2099-01-10T00:00:00.000Z");
    const inviter = await signedInUser({ proUntil: start, invitesGranted: 8 });
    const invitations: InvitationResponse[] = [];
    for (let i = 0; i < 8; i += 1) invitations.push(await newInvitation(inviter.cookie));
    const friends = await Promise.all(invitations.map(() => signedInUser()));

    const responses = await Promise.all(
      invitations.map((invitation, i) => claimInvitation(friends[i]?.cookie ?? "", invitation.code)),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(8).fill(200));
    let expected = start;
    for (let i = 0; i < 8; i += 1) expected = monthAfter(expected);
    expect(await userRow(inviter.user.id)).toMatchObject({ referralMonthsEarned: 8, proUntil: expected });
  });

  it("two users claiming each other's codes at once both succeed without a deadlock", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await signedInUser();
      const b = await signedInUser();
      const fromA = await newInvitation(a.cookie);
      const fromB = await newInvitation(b.cookie);
      const responses = await Promise.all([
        claimInvitation(b.cookie, fromA.code),
        claimInvitation(a.cookie, fromB.code),
      ]);
      expect(responses.map((res) => res.status)).toEqual([200, 200]);
      for (const user of [a, b]) expect((await userRow(user.user.id)).referralMonthsEarned).toBe(1);
    }
  });

  it("an inviter creating invitations while friends claim theirs: every request answers, none twice", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inviter = await signedInUser({ invitesGranted: 6 });
      const first = await newInvitation(inviter.cookie);
      const second = await newInvitation(inviter.cookie);
      const friends = await Promise.all([signedInUser(), signedInUser()]);
      const other = await signedInUser();
      const theirs = await newInvitation(other.cookie);
      const responses = await Promise.all([
        claimInvitation(friends[0]?.cookie ?? "", first.code),
        createInvitation(inviter.cookie),
        claimInvitation(friends[1]?.cookie ?? "", second.code),
        createInvitation(inviter.cookie),
        claimInvitation(inviter.cookie, theirs.code),
      ]);
      expect(responses.map((res) => res.status)).toEqual([200, 201, 200, 201, 200]);
      expect(await getDb().invitation.count({ where: { inviterId: inviter.user.id } })).toBe(4);
      expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(2);
    }
  });
});
