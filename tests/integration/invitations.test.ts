import { describe, expect, it, vi } from "vitest";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as createRoute } from "@/app/api/invitations/route";
import { getDb } from "@/lib/db/client";
import type { SendEmailInput } from "@/lib/mail/send-email";
import { listMailbox } from "@/lib/mail/mailbox";
import { INVITATION_VALID_NO_BILLING_MESSAGE } from "@/lib/invitations/rules";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import {
  checkInvitation,
  claimInvitation,
  createInvitation,
  deleteInvitation,
  listInvitations,
  newInvitation,
  readList,
} from "@/tests/support/invitations";

// Billing is off here (the integration default): every account has the renewable allowance.
// invitations-limits.test.ts covers the plan limits with billing on.

// Lets one test make the mail transport refuse, as a provider outage would.
const transport = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/mail/send-email", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/send-email")>();
  return {
    ...actual,
    sendEmail: (input: SendEmailInput) =>
      transport.fail
        ? Promise.resolve({ ok: false, error: "provider unavailable", retryable: true })
        : actual.sendEmail(input),
  };
});

const DAY = 86_400_000;
const INVALID = "This invitation is invalid or has already been claimed.";

const invitationRow = (id: string) => getDb().invitation.findUnique({ where: { id } });
const userRow = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });

describe("GET /api/invitations", () => {
  it("answers a new account's allowance and an empty list", async () => {
    const { cookie } = await signedInUser();
    const res = await listInvitations(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ availableInvites: 2, invitations: [] });
  });

  it("lists only the user's own invitations, newest first", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const first = await newInvitation(a.cookie);
    const second = await newInvitation(a.cookie, { recipientEmail: "pal@example.com" });
    await newInvitation(b.cookie);
    const list = await readList(a.cookie);
    expect(list.availableInvites).toBe(0);
    expect(list.invitations.map((invitation) => invitation.id)).toEqual([second.id, first.id]);
    expect(list.invitations[0]).toEqual({
      id: second.id,
      code: second.code,
      status: "available",
      recipientEmail: "pal@example.com",
      recipientId: null,
      recipientName: null,
      createdAt: expect.any(String),
      usedAt: null,
    });
  });

  it("answers 401 when signed out", async () => {
    const res = await listInvitations();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthenticated", message: "You need to sign in first." });
  });
});

describe("POST /api/invitations", () => {
  it("creates an invitation with a random URL-safe code from a bodiless POST", async () => {
    const { user, cookie } = await signedInUser();
    const res = await createInvitation(cookie);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      emailStatus: "none",
      invitation: { status: "available", recipientEmail: null },
    });
    expect(body.invitation.code).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const row = await invitationRow(body.invitation.id);
    expect(row).toMatchObject({ inviterId: user.id, code: body.invitation.code, status: "available" });
    expect((await readList(cookie)).availableInvites).toBe(1);
  });

  it("accepts an empty object and a blank recipient as 'no email'", async () => {
    const { cookie } = await signedInUser();
    expect((await newInvitation(cookie, {})).recipientEmail).toBeNull();
    expect((await newInvitation(cookie, { recipientEmail: "  " })).recipientEmail).toBeNull();
  });

  it("gives every invitation a different code", async () => {
    const { cookie } = await signedInUser({ invitesGranted: 20 });
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) codes.add((await newInvitation(cookie)).code);
    expect(codes.size).toBe(20);
  });

  it("emails the invitation with its claim link to a recipient", async () => {
    const { user, cookie } = await signedInUser({ username: "Alex" });
    const res = await createInvitation(cookie, { recipientEmail: " Friend.Mail@Example.com " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ emailStatus: "sent", invitation: { recipientEmail: "friend.mail@example.com" } });
    const [message, ...others] = await listMailbox("friend.mail@example.com");
    expect(others).toHaveLength(0);
    // Billing is off here: no Pro month to offer (billing on: tests/integration/billing-on-words.test.ts).
    expect(message?.subject).toBe("Alex invited you to LinkStash");
    const claimUrl = `http://localhost:3000/invite/${body.invitation.code}`;
    expect(message?.text).toContain(claimUrl);
    expect(message?.html).toContain(`href="${claimUrl}"`);
    expect(message?.text).toContain("Every feature is included");
    expect(message?.text).toContain("Accept Invitation");
    expect(message?.text).not.toMatch(/Pro|month/);
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(1);
  });

  it("keeps the invitation, saying so, when the email cannot be sent", async () => {
    const { user, cookie } = await signedInUser();
    transport.fail = true;
    try {
      const res = await createInvitation(cookie, { recipientEmail: "outage@example.com" });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        success: true,
        emailStatus: "failed",
        invitation: { status: "available" },
      });
    } finally {
      transport.fail = false;
    }
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(1);
  });

  it("limits invitation emails to 10 per hour per user with 429, without using an invite", async () => {
    const { user, cookie } = await signedInUser({ invitesGranted: 20 });
    for (let i = 0; i < 10; i += 1) await newInvitation(cookie, { recipientEmail: `friend${i}@example.com` });
    const res = await createInvitation(cookie, { recipientEmail: "one-too-many@example.com" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/too many invitation emails/);
    expect(await listMailbox("one-too-many@example.com")).toHaveLength(0);
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(10);
    // A link to share by hand is still possible.
    expect((await createInvitation(cookie)).status).toBe(201);
  });

  it.each([
    ["a malformed address", { recipientEmail: "not-an-email" }],
    ["a number", { recipientEmail: 42 }],
  ])("refuses %s with 400 and creates nothing", async (_case, json) => {
    const { user, cookie } = await signedInUser();
    const res = await createInvitation(cookie, json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "Please enter a valid email address" });
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(0);
  });

  it("refuses a body that is not JSON", async () => {
    const { cookie } = await signedInUser();
    const res = await createRoute(
      apiRequest("POST", "/api/invitations", {
        cookie,
        body: "recipientEmail=x",
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(res.status).toBe(400);
  });

  it("answers 401 when signed out and 403 from another origin", async () => {
    expect((await createInvitation("")).status).toBe(401);
    const { user, cookie } = await signedInUser();
    const res = await createRoute(
      apiRequest("POST", "/api/invitations", { cookie, json: {}, origin: "https://evil.example" }),
    );
    expect(res.status).toBe(403);
    expect(await getDb().invitation.count({ where: { inviterId: user.id } })).toBe(0);
  });

  it("answers 402 with the renewal wording when the allowance is used up", async () => {
    const { cookie } = await signedInUser();
    await newInvitation(cookie);
    await newInvitation(cookie);
    const res = await createInvitation(cookie);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      code: "plan_limit",
      message: "You have no invitations left. 2 more become available once your current ones are used.",
    });
  });
});

describe("DELETE /api/invitations/{id}", () => {
  it("deletes an unclaimed invitation of the user's own and gives the invite back", async () => {
    const { cookie } = await signedInUser();
    const invitation = await newInvitation(cookie);
    const res = await deleteInvitation(cookie, invitation.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await invitationRow(invitation.id)).toBeNull();
    expect(await readList(cookie)).toEqual({ availableInvites: 2, invitations: [] });
    // The code no longer works.
    expect(await (await checkInvitation(invitation.code)).json()).toEqual({ valid: false, message: INVALID });
  });

  it("answers 404 for someone else's invitation and leaves it alone", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const invitation = await newInvitation(owner.cookie);
    const res = await deleteInvitation(other.cookie, invitation.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Invitation not found" });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: "available", inviterId: owner.user.id });
  });

  it("answers 404 for an unknown id", async () => {
    const { cookie } = await signedInUser();
    expect((await deleteInvitation(cookie, "does-not-exist")).status).toBe(404);
  });

  it("answers 409 for a used invitation and keeps it", async () => {
    const inviter = await signedInUser();
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    expect((await claimInvitation(friend.cookie, invitation.code)).status).toBe(200);
    const res = await deleteInvitation(inviter.cookie, invitation.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "conflict", message: "A used invitation cannot be deleted." });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: "used" });
  });

  it("answers 401 when signed out", async () => {
    const { cookie } = await signedInUser();
    const invitation = await newInvitation(cookie);
    expect((await deleteInvitation("", invitation.id)).status).toBe(401);
    expect(await invitationRow(invitation.id)).not.toBeNull();
  });
});

describe("GET /api/invitations/{code}", () => {
  it("tells anyone, signed in or not, whether a code can be claimed", async () => {
    const { cookie } = await signedInUser();
    const invitation = await newInvitation(cookie);
    const res = await checkInvitation(invitation.code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true, message: INVITATION_VALID_NO_BILLING_MESSAGE });
    expect(await (await checkInvitation(invitation.code, cookie)).json()).toMatchObject({ valid: true });
  });

  it.each([
    ["an unknown code", "NoSuchCode123"],
    ["a malformed code", "../etc"],
    ["an empty code", ""],
  ])("answers invalid for %s", async (_case, code) => {
    const res = await checkInvitation(code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: false, message: INVALID });
  });

  it("answers invalid once the code is claimed", async () => {
    const inviter = await signedInUser();
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    await claimInvitation(friend.cookie, invitation.code);
    expect(await (await checkInvitation(invitation.code)).json()).toEqual({ valid: false, message: INVALID });
  });
});

describe("POST /api/invitations/{code}/claim", () => {
  it("gives the claimer and the inviter a month of Pro and counts the inviter's reward", async () => {
    const inviter = await signedInUser({ username: "inviter" });
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie, { recipientEmail: "friend@example.com" });
    const before = Date.now();
    const res = await claimInvitation(friend.cookie, invitation.code);
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Invitation claimed! Welcome to LinkStash." });

    for (const id of [friend.user.id, inviter.user.id]) {
      const proUntil = (await userRow(id)).proUntil?.getTime() ?? 0;
      expect(proUntil).toBeGreaterThanOrEqual(before + 28 * DAY);
      expect(proUntil).toBeLessThanOrEqual(after + 31 * DAY);
    }
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(1);
    expect((await userRow(friend.user.id)).referralMonthsEarned).toBe(0);

    const row = await invitationRow(invitation.id);
    expect(row).toMatchObject({ status: "used", recipientId: friend.user.id });
    expect(row?.usedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.usedAt?.getTime()).toBeLessThanOrEqual(after + 1000);

    const [listed] = (await readList(inviter.cookie)).invitations;
    expect(listed).toMatchObject({
      status: "used",
      recipientId: friend.user.id,
      recipientName: friend.user.email,
      usedAt: expect.any(String),
    });

    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie: friend.cookie }))).json();
    expect(me).toMatchObject({ accountType: "pro" });
  });

  it("names the claimer by username when there is one", async () => {
    const inviter = await signedInUser();
    const friend = await signedInUser({ username: "sam" });
    const invitation = await newInvitation(inviter.cookie);
    await claimInvitation(friend.cookie, invitation.code);
    expect((await readList(inviter.cookie)).invitations[0]?.recipientName).toBe("sam");
  });

  it("adds the month after the Pro time a user already has, clamped to the month's end", async () => {
    const proUntil = new Date("2099-01-31T10:00:00.000Z");
    const inviter = await signedInUser({ proUntil });
    const friend = await signedInUser({ proUntil });
    const invitation = await newInvitation(inviter.cookie);
    expect((await claimInvitation(friend.cookie, invitation.code)).status).toBe(200);
    expect((await userRow(friend.user.id)).proUntil?.toISOString()).toBe("2099-02-28T10:00:00.000Z");
    expect((await userRow(inviter.user.id)).proUntil?.toISOString()).toBe("2099-02-28T10:00:00.000Z");
  });

  it("refuses the inviter's own invitation with 403 and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const invitation = await newInvitation(cookie);
    const res = await claimInvitation(cookie, invitation.code);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "forbidden", message: "You cannot claim your own invitation." });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: "available", recipientId: null });
    expect(await userRow(user.id)).toMatchObject({ proUntil: null, referralMonthsEarned: 0 });
  });

  it("refuses a used invitation with 409 and the invalid message", async () => {
    const inviter = await signedInUser();
    const first = await signedInUser();
    const second = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    await claimInvitation(first.cookie, invitation.code);
    const res = await claimInvitation(second.cookie, invitation.code);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "already_claimed", message: INVALID });
    expect(await invitationRow(invitation.id)).toMatchObject({ recipientId: first.user.id });
    expect((await userRow(second.user.id)).proUntil).toBeNull();
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(1);
  });

  it.each([
    ["an unknown code", "NoSuchCode123"],
    ["a malformed code", "bad code"],
  ])("answers 404 for %s", async (_case, code) => {
    const { cookie } = await signedInUser();
    const res = await claimInvitation(cookie, code);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: INVALID });
  });

  it("lets a user claim one invitation ever: a second one answers 409 and stays available", async () => {
    const inviterA = await signedInUser();
    const inviterB = await signedInUser();
    const friend = await signedInUser();
    const first = await newInvitation(inviterA.cookie);
    const second = await newInvitation(inviterB.cookie);
    expect((await claimInvitation(friend.cookie, first.code)).status).toBe(200);
    const proUntil = (await userRow(friend.user.id)).proUntil;
    const res = await claimInvitation(friend.cookie, second.code);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: "already_claimed", message: "You have already claimed an invitation." });
    expect(await invitationRow(second.id)).toMatchObject({ status: "available", recipientId: null, usedAt: null });
    expect((await userRow(friend.user.id)).proUntil).toEqual(proUntil);
    expect(await userRow(inviterB.user.id)).toMatchObject({ proUntil: null, referralMonthsEarned: 0 });
  });

  it("lets exactly one of ten users claiming one code at once win", async () => {
    const inviter = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    const friends = await Promise.all(Array.from({ length: 10 }, () => signedInUser()));
    const responses = await Promise.all(friends.map((friend) => claimInvitation(friend.cookie, invitation.code)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const winner = friends[statuses.indexOf(200)];
    expect(await invitationRow(invitation.id)).toMatchObject({ status: "used", recipientId: winner?.user.id });
    expect(
      await getDb().user.count({ where: { id: { in: friends.map((f) => f.user.id) }, proUntil: { not: null } } }),
    ).toBe(1);
    expect((await userRow(inviter.user.id)).referralMonthsEarned).toBe(1);
  });

  it("answers 401 when signed out", async () => {
    const { cookie } = await signedInUser();
    const invitation = await newInvitation(cookie);
    expect((await claimInvitation("", invitation.code)).status).toBe(401);
    expect(await invitationRow(invitation.id)).toMatchObject({ status: "available" });
  });

  it("keeps a used invitation in the inviter's list when the claimer deletes their account", async () => {
    const inviter = await signedInUser();
    const friend = await signedInUser();
    const invitation = await newInvitation(inviter.cookie);
    await claimInvitation(friend.cookie, invitation.code);
    await getDb().user.delete({ where: { id: friend.user.id } });
    const [listed] = (await readList(inviter.cookie)).invitations;
    expect(listed).toMatchObject({ status: "used", recipientId: null, recipientName: null });
  });
});
