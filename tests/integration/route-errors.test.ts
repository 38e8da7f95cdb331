import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The route handlers outside the API wrapper, with the database gone (DATABASE_URL pointing at a
// port nobody listens on): each unexpected failure is logged once, as one JSON line carrying the
// request id, and answered 500 with a generic message and that id; nothing of the cause leaks.
const { fake, port } = await vi.hoisted(async () => {
  const { closedPort } = await import("@/tests/support/error-log");
  const port = await closedPort();
  process.env.DATABASE_URL = `postgres://linkstash@127.0.0.1:${port}/gone`;
  process.env.CRON_SECRET = "cron-secret-for-tests";
  const fake = await (await import("@/tests/support/stripe-billing")).startBillingFake();
  return { fake, port };
});

const { NextRequest } = await import("next/server");
const { GET: nextAuth } = await import("@/app/api/auth/[...nextauth]/route");
const { GET: cron } = await import("@/app/api/cron/digests/route");
const { GET: health } = await import("@/app/api/health/route");
const { GET: logout } = await import("@/app/api/logout/route");
const { POST: webhook } = await import("@/app/api/stripe/webhook/route");
const { POST: unsubscribe } = await import("@/app/api/unsubscribe/route");
const { GET: mailboxMessage } = await import("@/app/dev/mailbox/[id]/route");
const { GET: mailbox } = await import("@/app/dev/mailbox/route");
const { authOptions } = await import("@/lib/auth/options");
const { withRouteErrors } = await import("@/lib/http/route-errors");
const { SESSION_COOKIE } = await import("@/lib/auth/session");
const { unsubscribeToken } = await import("@/lib/digests/unsubscribe");
const { captureErrorLog } = await import("@/tests/support/error-log");
const { apiRequest, ORIGIN, routeParams } = await import("@/tests/support/factories");
const { webhookRequest } = await import("@/tests/support/stripe-billing");

afterAll(() => fake.close());

let log: ReturnType<typeof captureErrorLog>;
beforeEach(() => {
  log = captureErrorLog();
});
afterEach(() => log.restore());

/** A request as a load balancer or proxy forwards it, with its request id. */
function withId(req: Request, requestId: string): Request {
  const headers = new Headers(req.headers);
  headers.set("x-request-id", requestId);
  return new Request(req, { headers });
}

async function expectGeneric500(res: Response, requestId: string, path: string) {
  expect(res.status).toBe(500);
  const body = await res.json();
  expect(body).toEqual({
    code: "internal_error",
    message: `Something went wrong on our side. Please try again. (request ${requestId})`,
    requestId,
  });
  const lines = log.lines();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: "error", requestId, path, message: expect.any(String) });
  // The cause is in the log only.
  expect(JSON.stringify(body)).not.toContain(String(port));
}

describe("with the database unreachable", () => {
  it("GET /api/logout", async () => {
    const req = withId(apiRequest("GET", "/api/logout", { cookie: `${SESSION_COOKIE}=some-session` }), "req-logout");
    await expectGeneric500(await logout(req), "req-logout", "/api/logout");
  });

  it("POST /api/unsubscribe with a valid token", async () => {
    const token = encodeURIComponent(unsubscribeToken("someone"));
    const req = withId(
      apiRequest("POST", `/api/unsubscribe?token=${token}`, { origin: null, body: "List-Unsubscribe=One-Click" }),
      "req-unsub",
    );
    await expectGeneric500(await unsubscribe(req), "req-unsub", "/api/unsubscribe");
  });

  it("GET /dev/mailbox", async () => {
    await expectGeneric500(
      await mailbox(withId(apiRequest("GET", "/dev/mailbox?format=json"), "req-mailbox")),
      "req-mailbox",
      "/dev/mailbox",
    );
  });

  it("GET /dev/mailbox/:id", async () => {
    const res = await mailboxMessage(
      withId(apiRequest("GET", "/dev/mailbox/abc"), "req-message"),
      routeParams({ id: "abc" }),
    );
    await expectGeneric500(res, "req-message", "/dev/mailbox/abc");
  });

  it("GET /api/cron/digests with the secret", async () => {
    const req = withId(
      apiRequest("GET", "/api/cron/digests", { headers: { authorization: "Bearer cron-secret-for-tests" } }),
      "req-cron",
    );
    await expectGeneric500(await cron(req), "req-cron", "/api/cron/digests");
  });

  it("POST /api/stripe/webhook with a correctly signed event", async () => {
    const event = fake.event("customer.subscription.updated", {
      id: "sub_1",
      object: "subscription",
      customer: "cus_1",
      metadata: { userId: "u1" },
    });
    await expectGeneric500(
      await webhook(withId(webhookRequest(fake, event), "req-webhook")),
      "req-webhook",
      "/api/stripe/webhook",
    );
  });

  it("POST /api/auth/signin/email (the magic-link limit reads the database first)", async () => {
    const req = new NextRequest(`${ORIGIN}/api/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": "req-signin" },
      body: new URLSearchParams({ email: "reader@example.com", csrfToken: "x" }).toString(),
    });
    await expectGeneric500(
      await nextAuth(req, { params: Promise.resolve({ nextauth: ["signin", "email"] }) }),
      "req-signin",
      "/api/auth/signin/email",
    );
  });

  it("refusals are not errors: a bad token, a wrong secret and a bad signature answer 4xx and log nothing", async () => {
    expect((await unsubscribe(apiRequest("POST", "/api/unsubscribe?token=forged", { origin: null }))).status).toBe(400);
    expect(
      (await cron(apiRequest("GET", "/api/cron/digests", { headers: { authorization: "Bearer wrong" } }))).status,
    ).toBe(401);
    const event = fake.event("customer.subscription.updated", { id: "sub_1" });
    expect((await webhook(webhookRequest(fake, event, "t=1,v1=00"))).status).toBe(400);
    expect(log.lines()).toEqual([]);
  });

  it("GET /api/health reports the database unreachable (503), without the cause", async () => {
    const res = await health(withId(apiRequest("GET", "/api/health"), "req-health"));
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({
      status: "degraded",
      database: "unreachable",
      version: expect.any(String),
      memory: { rssBytes: expect.any(Number), heapUsedBytes: expect.any(Number), heapTotalBytes: expect.any(Number) },
      code: "unavailable",
      message: "The database is not reachable.",
    });
    expect(log.lines()).toEqual([expect.objectContaining({ requestId: "req-health", path: "/api/health" })]);
  });
});

describe("next-auth's own error log", () => {
  it("is one JSON line with next-auth's code and the id of the request being handled", async () => {
    // next-auth catches a failed sign-in email itself, logs it and redirects to /login?error=EmailSignin.
    const route = withRouteErrors(async () => {
      authOptions().logger?.error?.("SIGNIN_EMAIL_ERROR", {
        error: new Error("SMTP connection refused"),
        providerId: "email",
      });
      return new Response(null, { status: 302, headers: { location: "/login?error=EmailSignin" } });
    });
    const res = await route(withId(apiRequest("POST", "/api/auth/signin/email"), "req-auth"));
    expect(res.status).toBe(302);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "error",
        requestId: "req-auth",
        path: "/api/auth/signin/email",
        code: "SIGNIN_EMAIL_ERROR",
        message: "SMTP connection refused",
      }),
    ]);
  });
});
