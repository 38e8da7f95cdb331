import { describe, expect, it } from "vitest";
import {
  claimButtonLabel,
  FREE_INVITES_NOTE,
  invitationClaimedMessage,
  invitationValidMessage,
  NO_BILLING_INVITES_NOTE,
  inviteAllowance,
  invitesNote,
  inviteLink,
  inviterEarnsMonth,
  NO_INVITES_FREE_MESSAGE,
  NO_INVITES_RENEWABLE_MESSAGE,
  noInvitesMessage,
  REFERRAL_MONTHS_PER_YEAR,
  REFERRAL_RULE_NOTE,
  referralWindowStart,
  RENEWABLE_INVITES_NOTE,
  TRIAL_INVITES_NOTE,
} from "./rules";

describe("inviteAllowance", () => {
  it("gives a free account its 2 invitations in total, never more", () => {
    expect(inviteAllowance({ granted: 2, created: 0, used: 0, renewable: false })).toEqual({
      granted: 2,
      available: 2,
    });
    expect(inviteAllowance({ granted: 2, created: 1, used: 1, renewable: false })).toEqual({
      granted: 2,
      available: 1,
    });
    expect(inviteAllowance({ granted: 2, created: 2, used: 2, renewable: false })).toEqual({
      granted: 2,
      available: 0,
    });
  });

  it("renews a renewable account by 2 once every granted invitation is used", () => {
    expect(inviteAllowance({ granted: 2, created: 2, used: 1, renewable: true })).toEqual({ granted: 2, available: 0 });
    expect(inviteAllowance({ granted: 2, created: 2, used: 2, renewable: true })).toEqual({ granted: 4, available: 2 });
    expect(inviteAllowance({ granted: 4, created: 3, used: 3, renewable: true })).toEqual({ granted: 4, available: 1 });
    expect(inviteAllowance({ granted: 4, created: 4, used: 4, renewable: true })).toEqual({ granted: 6, available: 2 });
  });

  it("gives a deleted, unclaimed invitation back", () => {
    expect(inviteAllowance({ granted: 2, created: 1, used: 0, renewable: false }).available).toBe(1);
  });

  it("never answers a negative number", () => {
    expect(inviteAllowance({ granted: 2, created: 5, used: 0, renewable: false }).available).toBe(0);
  });
});

describe("texts", () => {
  it("words the 402 for the plan", () => {
    expect(noInvitesMessage(false)).toBe(NO_INVITES_FREE_MESSAGE);
    expect(NO_INVITES_FREE_MESSAGE).toBe(
      "You have no invitations left. Free accounts get 2 invitations in total; Upgrade to Pro for more.",
    );
    expect(noInvitesMessage(true)).toBe(
      "You have no invitations left. 2 more become available once your current ones are used.",
    );
    expect(NO_INVITES_RENEWABLE_MESSAGE).toMatch(/^You have no invitations left\./);
  });

  it("builds the claim link on an origin", () => {
    expect(inviteLink("https://linkstash.example", "abc_DEF-123")).toBe("https://linkstash.example/invite/abc_DEF-123");
    expect(inviteLink("http://localhost:3000/", "abc")).toBe("http://localhost:3000/invite/abc");
  });
});

describe("the yearly referral cap", () => {
  it("rewards the inviter until the cap, then no more", () => {
    expect(inviterEarnsMonth(0)).toBe(true);
    expect(inviterEarnsMonth(REFERRAL_MONTHS_PER_YEAR - 1)).toBe(true);
    expect(inviterEarnsMonth(REFERRAL_MONTHS_PER_YEAR)).toBe(false);
    expect(inviterEarnsMonth(REFERRAL_MONTHS_PER_YEAR + 5)).toBe(false);
  });

  it("counts the claims of the last year, rolling", () => {
    expect(referralWindowStart(new Date("2027-03-15T10:00:00Z"))).toEqual(new Date("2026-03-15T10:00:00Z"));
  });

  it("says the cap on the invitations page", () => {
    expect(REFERRAL_RULE_NOTE).toContain(`up to ${REFERRAL_MONTHS_PER_YEAR} months of Pro`);
  });
});

describe("invitesNote", () => {
  it("names no plan without billing: no trial, no Pro, just when more invitations come", () => {
    for (const plan of [
      { accountType: "free" as const, renewableInvites: true, inTrial: true },
      { accountType: "free" as const, renewableInvites: true, inTrial: false },
      { accountType: "pro" as const, renewableInvites: true, inTrial: false },
    ]) {
      expect(invitesNote(plan, false)).toBe(NO_BILLING_INVITES_NOTE);
    }
    expect(NO_BILLING_INVITES_NOTE).toBe(
      "2 more invitations become available each time all your current ones are used.",
    );
    expect(NO_BILLING_INVITES_NOTE).not.toMatch(/Pro|trial|renew|Upgrade/i);
  });

  it("says what a claim gives: a Pro month with billing, a welcome without", () => {
    expect(invitationValidMessage(true)).toBe("This invitation gives you 1 month of Pro for free.");
    expect(invitationClaimedMessage(true)).toBe("Invitation claimed! You now have 1 month of Pro.");
    expect(claimButtonLabel(true)).toBe("Claim 1 Month Pro Access");
    for (const text of [invitationValidMessage(false), invitationClaimedMessage(false), claimButtonLabel(false)]) {
      expect(text).not.toMatch(/Pro|month/);
    }
  });

  it("tells a trial that its invitations renew only until it ends, when billing is on", () => {
    const trial = { accountType: "free" as const, renewableInvites: true, inTrial: true };
    expect(invitesNote(trial, true)).toBe(TRIAL_INVITES_NOTE);
    expect(invitesNote({ accountType: "pro", renewableInvites: true, inTrial: false }, true)).toBe(
      RENEWABLE_INVITES_NOTE,
    );
    expect(invitesNote({ accountType: "free", renewableInvites: false, inTrial: false }, true)).toBe(FREE_INVITES_NOTE);
  });
});
