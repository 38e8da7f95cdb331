import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as login } from "@/app/api/login/route";
import { getDb } from "@/lib/db/client";
import { RATE_LIMITS } from "@/lib/rate-limits/rules";
import { listMailbox } from "@/lib/mail/mailbox";
import { apiRequest, ORIGIN } from "@/tests/support/factories";
import {
  callNextAuth,
  confirmSignIn,
  csrf,
  emailedSignInLink,
  requestSignInLink,
  sessionUserId,
} from "@/tests/support/sign-in-flow";

// Sign-in links (decisions 0140, 0142 and 0143): what a magic-link request may name, where its link
// leads, and what signs a browser in.

const tag = () => randomBytes(4).toString("hex");
let ipCounter = 0;
/** A client address of its own per request, so only the per-address limit is in play. */
const freshIp = () => {
  ipCounter += 1;
  return { "x-forwarded-for": `198.51.100.${ipCounter}` };
};

async function requestAsJson(email: unknown): Promise<Response> {
  const token = await csrf();
  return callNextAuth("POST", "/api/auth/signin/email", {
    cookie: token.cookie,
    contentType: "application/json",
    body: JSON.stringify({ email, csrfToken: token.csrfToken, callbackUrl: "/dashboard", json: "true" }),
    headers: freshIp(),
  });
}

async function requestAsForm(body: string): Promise<Response> {
  const token = await csrf();
  return callNextAuth("POST", "/api/auth/signin/email", {
    cookie: token.cookie,
    contentType: "application/x-www-form-urlencoded",
    body: `${body}&${new URLSearchParams({ csrfToken: token.csrfToken, json: "true" })}`,
    headers: freshIp(),
  });
}

/** next-auth answered "link sent" (its verify-request step). */
async function expectLinkSent(res: Response): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(200);
  const { url }: { url: string } = await res.json();
  expect(new URL(url).pathname).toBe("/api/auth/verify-request");
}

async function expectRefused(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ code: "validation_failed", message });
}

describe("a magic-link request names one address, read as next-auth reads it (finding 4)", () => {
  it("counts a JSON body against the per-address limit", async () => {
    const email = `json-${tag()}@example.com`;
    const { limit } = RATE_LIMITS.magicLinkPerAddress;
    for (let i = 0; i < limit; i += 1) await expectLinkSent(await requestAsJson(email));
    const refused = await requestAsJson(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Counted on the address as mailed: the same address in other case and spacing is the same subject.
    expect((await requestAsJson(`  ${email.toUpperCase()} `)).status).toBe(429);
    expect(await listMailbox(email)).toHaveLength(limit);
  });

  it("refuses a form naming the address twice (`email=decoy&email=victim`): nobody is mailed", async () => {
    const decoy = `decoy-${tag()}@example.com`;
    const victim = `victim-${tag()}@example.com`;
    await expectRefused(
      await requestAsForm(
        new URLSearchParams([
          ["email", decoy],
          ["email", victim],
        ]).toString(),
      ),
      "Please enter one email address.",
    );
    expect(await listMailbox(victim)).toHaveLength(0);
    expect(await listMailbox(decoy)).toHaveLength(0);
    expect(await getDb().verificationToken.count({ where: { identifier: { in: [decoy, victim] } } })).toBe(0);
  });

  const invalidAddress = "Please enter a valid email address";
  it.each([
    ["a comma-separated list", "victim@a.test,attacker@b.test", invalidAddress],
    ["two addresses with a space", "victim@a.test attacker@b.test", invalidAddress],
    // Refused before next-auth reads the form, like a NUL in any of its fields.
    ["a NUL inside", "victim@a.test\u0000", "The request contains characters that are not allowed."],
    ["no domain dot", "someone@localhost", invalidAddress],
    ["no @ at all", "not-an-address", invalidAddress],
    ["an angle-bracket address", "Victim <victim@a.test>", invalidAddress],
    ["a quoted local part", '"victim"@a.test', invalidAddress],
  ])("refuses %s as a form (400): no email, no token, no account", async (_case, email, message) => {
    const db = getDb();
    const before = { users: await db.user.count(), tokens: await db.verificationToken.count() };
    await expectRefused(await requestAsForm(new URLSearchParams({ email }).toString()), message);
    expect({ users: await db.user.count(), tokens: await db.verificationToken.count() }).toEqual(before);
    expect(await db.mailboxMessage.count({ where: { to: { contains: "a.test" } } })).toBe(0);
  });

  it.each([
    ["a list", ["victim@a.test", "attacker@b.test"]],
    ["a comma-separated list", "victim@a.test,attacker@b.test"],
    ["a number", 42],
    ["nothing", null],
  ])("refuses %s as JSON (400)", async (_case, email) => {
    const before = await getDb().verificationToken.count();
    await expectRefused(await requestAsJson(email), "Please enter a valid email address");
    expect(await getDb().verificationToken.count()).toBe(before);
  });

  it("refuses a body next-auth cannot read (400), and leaves a valid request alone", async () => {
    const token = await csrf();
    const res = await callNextAuth("POST", "/api/auth/signin/email", {
      cookie: token.cookie,
      contentType: "text/plain",
      body: `email=reader@example.com&csrfToken=${token.csrfToken}`,
      headers: freshIp(),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/form or a JSON body/);
    await expectLinkSent(await requestSignInLink(`ok-${tag()}@example.com`, "/dashboard", freshIp()));
  });
});

describe("the emailed link asks before it signs in (findings 4 and 8)", () => {
  it("opens a confirmation page; opening the link or next-auth's own callback signs nobody in", async () => {
    const email = `confirm-${tag()}@example.com`;
    await expectLinkSent(await requestSignInLink(email, "/history", freshIp()));
    const link = await emailedSignInLink(email);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/login/confirm`);
    expect(link.searchParams.get("email")).toBe(email);

    // A GET of the callback (a forwarded next-auth link, a mail scanner) goes to the page instead.
    const opened = await callNextAuth("GET", `/api/auth/callback/email${link.search}`);
    expect(opened.status).toBe(303);
    const page = new URL(opened.headers.get("location") ?? "");
    expect(page.pathname).toBe("/login/confirm");
    expect(page.search).toBe(link.search);
    expect(await sessionUserId(opened)).toBeNull();
    expect(await getDb().user.count({ where: { email } })).toBe(0);
    expect(await getDb().verificationToken.count({ where: { identifier: email } })).toBe(1);
  });

  it("refuses the confirmation from another site (login CSRF): 403, no session", async () => {
    const email = `csrf-${tag()}@example.com`;
    await expectLinkSent(await requestSignInLink(email, "/dashboard", freshIp()));
    const link = await emailedSignInLink(email);
    for (const origin of ["https://evil.example", "null", null]) {
      const res = await confirmSignIn(link, { origin });
      expect(res.status, `Origin ${origin}`).toBe(403);
      expect(await res.json()).toEqual({ code: "cross_origin", message: "Cross-origin request refused." });
      expect(await sessionUserId(res)).toBeNull();
    }
    expect(await getDb().session.count({ where: { user: { email } } })).toBe(0);
    expect(await getDb().verificationToken.count({ where: { identifier: email } })).toBe(1);
  });

  it("signs in from the page's own POST, once, and returns to the link's path", async () => {
    const email = `signin-${tag()}@example.com`;
    await expectLinkSent(await requestSignInLink(email, "/history?category=News", freshIp()));
    const link = await emailedSignInLink(email);
    const res = await confirmSignIn(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/history?category=News`);
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    expect(await sessionUserId(res)).toBe(user.id);
    expect(user.emailVerified).not.toBeNull();

    const again = await confirmSignIn(link);
    expect(new URL(again.headers.get("location") ?? "").searchParams.get("error")).toBe("Verification");
    expect(await sessionUserId(again)).toBeNull();
  });

  it("never returns from a sign-in to a /share or /save that saves without asking", async () => {
    const email = `share-${tag()}@example.com`;
    const phish = encodeURIComponent("https://phish.example/");
    await expectLinkSent(await requestSignInLink(email, `/share?url=${phish}`, freshIp()));
    const shared = await confirmSignIn(await emailedSignInLink(email));
    expect(shared.headers.get("location")).toBe(`${ORIGIN}/share?url=${phish}&confirm=1`);

    const saver = `save-${tag()}@example.com`;
    await expectLinkSent(await requestSignInLink(saver, `/save?key=guessed&url=${phish}`, freshIp()));
    const link = await emailedSignInLink(saver);
    // The key never travels in the email; the return asks before saving.
    expect(link.searchParams.get("callbackUrl")).not.toContain("key=");
    const saved = await confirmSignIn(link);
    expect(saved.headers.get("location")).toBe(`${ORIGIN}/save?url=${phish}&confirm=1`);
  });
});

describe("return paths are parsed against the site before they are checked (finding 3)", () => {
  it("sends callbackUrl=/.//evil.example back to the dashboard after a sign-in", async () => {
    const email = `dots-${tag()}@example.com`;
    await expectLinkSent(await requestSignInLink(email, "/.//evil.example", freshIp()));
    const link = await emailedSignInLink(email);
    expect(link.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`);
    const res = await confirmSignIn(link);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it.each(["%2F.%2F%2Fevil.example", "%2F..%2F%2Fevil.example", "%2Fa%2F..%2F%2Fevil.example"])(
    "GET /api/login?returnTo=%s starts a sign-in that returns to the dashboard",
    async (returnTo) => {
      const res = await login(apiRequest("GET", `/api/login?returnTo=${returnTo}`));
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get("location") ?? "").searchParams.get("callbackUrl")).toBe("/dashboard");
    },
  );
});
