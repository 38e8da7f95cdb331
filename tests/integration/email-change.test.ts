import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as saveLink } from "@/app/api/links/route";
import { GET as todaysLinks } from "@/app/api/links/today/route";
import { POST as confirmEmail } from "@/app/api/user/email/confirm/route";
import { POST as onboard } from "@/app/api/user/onboard/route";
import { PUT as saveSettings } from "@/app/api/user/settings/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { PERSONAL_TOKEN_SCOPES } from "@/lib/auth/token-scopes";
import { getDb } from "@/lib/db/client";
import { listMailbox } from "@/lib/mail/mailbox";
import { EMAIL_CHANGE_INVALID_MESSAGE, EMAIL_CHANGE_RATE_LIMITS } from "@/lib/users/email-change";
import { apiRequest, createUser, ORIGIN, signedInUser, signIn } from "@/tests/support/factories";
import { confirmSignIn, emailedSignInLink, requestSignInLink, sessionUserId } from "@/tests/support/sign-in-flow";

// Confirmed email changes (decision 0141): an account's address changes only when the owner of the
// new address confirms it, from the account that asked; a pending address never signs anyone in.

const tag = () => randomBytes(4).toString("hex");
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return { "x-forwarded-for": `203.0.113.${ipCounter}` };
};

const putEmail = (cookie: string, email: string) =>
  saveSettings(apiRequest("PUT", "/api/user/settings", { cookie, json: { email, emailFrequency: "none" } }));

const me = async (cookie: string) => (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json();

const stored = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });

const confirm = (cookie: string, token: string) =>
  confirmEmail(apiRequest("POST", "/api/user/email/confirm", { cookie, json: { token } }));

/** The token of the newest confirmation email to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const [message] = (await listMailbox(email)).filter((m) => m.subject === "Confirm your new LinkStash email address");
  const link = message?.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error("no token");
  return token;
}

describe("changing the address in Settings", () => {
  it("keeps the address in use and shows the new one as pending until it is confirmed", async () => {
    const { user, cookie } = await signedInUser({ emailVerified: new Date() });
    const wanted = `new-${tag()}@example.com`;
    const res = await putEmail(cookie, wanted);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: user.email, pendingEmail: wanted });
    expect(await stored(user.id)).toMatchObject({ email: user.email, emailVerified: user.emailVerified });
    expect(await me(cookie)).toMatchObject({ email: user.email, pendingEmail: wanted });

    // The new address gets a single link; the old one is told.
    expect((await listMailbox(wanted)).map((m) => m.subject)).toEqual(["Confirm your new LinkStash email address"]);
    const [notice] = await listMailbox(user.email);
    expect(notice?.subject).toBe("Your LinkStash email address is being changed");
    expect(notice?.text).toContain(`being changed to ${wanted}`);
    expect(notice?.text).not.toMatch(/confirm-email\?token=/);
  });

  it("confirms only from the account that asked; then the address is proven, the link spent, other sessions ended", async () => {
    const { user, cookie } = await signedInUser({ emailVerified: new Date() });
    const otherSession = await signIn(user);
    const wanted = `confirm-${tag()}@example.com`;
    expect((await putEmail(cookie, wanted)).status).toBe(200);
    const token = await confirmationToken(wanted);

    // Someone else's session (say, the new address's owner signed in to an account of their own).
    const stranger = await signedInUser();
    const foreign = await confirm(stranger.cookie, token);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "not_found", message: EMAIL_CHANGE_INVALID_MESSAGE });
    expect((await stored(stranger.user.id)).email).toBe(stranger.user.email);
    expect((await confirm(cookie, "wrong-token")).status).toBe(404);
    expect((await stored(user.id)).email).toBe(user.email);

    const res = await confirm(cookie, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: wanted, pendingEmail: null });
    const after = await stored(user.id);
    expect(after).toMatchObject({ email: wanted, pendingEmail: null, pendingEmailTokenHash: null });
    expect(after.emailVerified?.getTime()).toBeGreaterThan(user.emailVerified?.getTime() ?? 0);
    expect((await me(cookie)).email).toBe(wanted);
    expect((await currentUser(apiRequest("GET", "/api/auth/user", { cookie: otherSession }))).status).toBe(401);

    // Single use.
    expect((await confirm(cookie, token)).status).toBe(404);
  });

  it("does not confirm after the link expires", async () => {
    const { user, cookie } = await signedInUser({ emailVerified: new Date() });
    const wanted = `late-${tag()}@example.com`;
    await putEmail(cookie, wanted);
    const token = await confirmationToken(wanted);
    await getDb().user.update({ where: { id: user.id }, data: { pendingEmailExpires: new Date(Date.now() - 1000) } });
    expect((await confirm(cookie, token)).status).toBe(404);
    expect(await me(cookie)).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it("answers an address that belongs to another account exactly like a free one; its owner gets a notice, and the change never completes", async () => {
    const owner = await createUser({ emailVerified: new Date() });
    const taker = await signedInUser({ emailVerified: new Date() });
    const honest = await signedInUser({ emailVerified: new Date() });
    const free = `free-${tag()}@example.com`;

    const taken = await putEmail(taker.cookie, owner.email);
    const open = await putEmail(honest.cookie, free);
    expect(taken.status).toBe(open.status);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    const takenBody = await taken.json();
    const openBody = await open.json();
    expect(shape(takenBody)).toEqual(shape(openBody));
    expect(takenBody.pendingEmail).toBe(owner.email);
    expect(openBody.pendingEmail).toBe(free);

    expect(await stored(owner.id)).toEqual(owner);
    expect((await stored(taker.user.id)).email).toBe(taker.user.email);
    const toOwner = await listMailbox(owner.email);
    expect(toOwner.map((m) => m.subject)).toEqual(["Someone tried to use your address on LinkStash"]);
    expect(toOwner[0]?.text).not.toMatch(/token=/);
  });

  it("cancels the change when the address in use is saved again, and keeps it while other preferences are saved", async () => {
    const { user, cookie } = await signedInUser({ emailVerified: new Date() });
    const wanted = `keep-${tag()}@example.com`;
    await putEmail(cookie, wanted);
    // The settings form shows the pending address: saving other preferences sends it unchanged.
    expect((await putEmail(cookie, wanted)).status).toBe(200);
    expect(await listMailbox(wanted)).toHaveLength(1);
    expect((await me(cookie)).pendingEmail).toBe(wanted);

    const token = await confirmationToken(wanted);
    expect(await (await putEmail(cookie, user.email)).json()).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await confirm(cookie, token)).status).toBe(404);
    expect((await stored(user.id)).email).toBe(user.email);
  });

  it(`is limited to ${EMAIL_CHANGE_RATE_LIMITS.perUser.limit} new addresses an hour per account`, async () => {
    const { user, cookie } = await signedInUser({ emailVerified: new Date() });
    for (let i = 0; i < EMAIL_CHANGE_RATE_LIMITS.perUser.limit; i += 1)
      expect((await putEmail(cookie, `many-${i}-${tag()}@example.com`)).status).toBe(200);
    const refused = await putEmail(cookie, `one-more-${tag()}@example.com`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await stored(user.id)).email).toBe(user.email);
  });
});

describe("a pending address never signs anyone in (the takeover of finding 2)", () => {
  it("a magic link to an address another account asked for opens an account of its own", async () => {
    // The attacker's account, with a session and an API token made beforehand, asks for the victim's address.
    const attacker = await signedInUser({ emailVerified: new Date() });
    const { secret } = await createApiToken(attacker.user, "reader", PERSONAL_TOKEN_SCOPES);
    const victim = `victim-${tag()}@example.com`;
    expect((await putEmail(attacker.cookie, victim)).status).toBe(200);

    // Later the victim signs in by magic link.
    await requestSignInLink(victim, "/dashboard", freshIp());
    const res = await confirmSignIn(await emailedSignInLink(victim));
    const victimId = await sessionUserId(res);
    expect(victimId).not.toBeNull();
    expect(victimId).not.toBe(attacker.user.id);
    expect((await stored(attacker.user.id)).email).toBe(attacker.user.email);

    // What the victim saves is theirs alone.
    const victimCookie = `next-auth.session-token=${(await getDb().session.findFirstOrThrow({ where: { userId: victimId ?? "" } })).sessionToken}`;
    await getDb().user.update({ where: { id: victimId ?? "" }, data: { onboarded: true } });
    const saved = await saveLink(
      apiRequest("POST", "/api/links", {
        cookie: victimCookie,
        json: { url: "https://site.example/private", notes: "private note" },
      }),
    );
    expect(saved.status).toBe(201);
    const seen = await todaysLinks(
      new Request(`${ORIGIN}/api/links/today`, { headers: { authorization: `Bearer ${secret}` } }),
    );
    expect(seen.status).toBe(200);
    expect(JSON.stringify(await seen.json())).not.toContain("private note");
  });

  it("a magic link does not enter an account whose address was never confirmed; saving it again confirms it", async () => {
    // An address stored before changes needed confirming: no proof, no OAuth login.
    const legacy = await signedInUser({ email: `legacy-${tag()}@example.com`, emailVerified: null });
    await requestSignInLink(legacy.user.email, "/dashboard", freshIp());
    const refused = await confirmSignIn(await emailedSignInLink(legacy.user.email));
    expect(new URL(refused.headers.get("location") ?? "").searchParams.get("error")).toBe("EmailUnconfirmed");
    expect(await sessionUserId(refused)).toBeNull();

    // The owner, still signed in, saves the address again and confirms it from the link.
    expect((await putEmail(legacy.cookie, legacy.user.email)).status).toBe(200);
    expect((await confirm(legacy.cookie, await confirmationToken(legacy.user.email))).status).toBe(200);
    expect((await stored(legacy.user.id)).emailVerified).not.toBeNull();
    await requestSignInLink(legacy.user.email, "/dashboard", freshIp());
    expect(await sessionUserId(await confirmSignIn(await emailedSignInLink(legacy.user.email)))).toBe(legacy.user.id);
  });
});

describe("onboarding with another address than the sign-in one", () => {
  it("follows the same rule: onboarded, the sign-in address kept, the other one pending", async () => {
    const { user, cookie } = await signedInUser({ onboarded: false, emailVerified: new Date() });
    const wanted = `onboard-${tag()}@example.com`;
    const res = await onboard(
      apiRequest("POST", "/api/user/onboard", { cookie, json: { email: wanted, emailTime: 20, timezone: "UTC" } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, pendingEmail: wanted });
    expect(await stored(user.id)).toMatchObject({ email: user.email, onboarded: true, pendingEmail: wanted });
    expect((await confirm(cookie, await confirmationToken(wanted))).status).toBe(200);
    expect((await stored(user.id)).email).toBe(wanted);
  });

  it("answers an address of another account like any other", async () => {
    const owner = await createUser();
    const { user, cookie } = await signedInUser({ onboarded: false, emailVerified: new Date() });
    const res = await onboard(
      apiRequest("POST", "/api/user/onboard", { cookie, json: { email: owner.email, emailTime: 20 } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, pendingEmail: owner.email });
    expect(await stored(user.id)).toMatchObject({ email: user.email, onboarded: true });
    expect(await stored(owner.id)).toEqual(owner);
  });
});
