import { describe, expect, it, vi } from "vitest";

// An instance whose public origin is https (APP_URL), as behind a TLS-terminating proxy: cookies
// are Secure (and __Secure-/__Host- prefixed), and the routes outside the API wrapper send HSTS.
vi.hoisted(() => {
  process.env.APP_URL = "https://links.example.test";
});

const { GET: health } = await import("@/app/api/health/route");
const { GET: liveness } = await import("@/app/api/health/live/route");
const { GET: login } = await import("@/app/api/login/route");
const { GET: logout } = await import("@/app/api/logout/route");
const { GET: unsubscribeLink } = await import("@/app/api/unsubscribe/route");
const { authOptions } = await import("@/lib/auth/options");
const { SESSION_COOKIE } = await import("@/lib/auth/session");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

const HSTS = "max-age=63072000; includeSubDomains";

describe("with an https APP_URL", () => {
  it("next-auth uses secure cookies, and the app reads the __Secure- session cookie it sets", () => {
    expect(authOptions().useSecureCookies).toBe(true);
    expect(SESSION_COOKIE).toBe("__Secure-next-auth.session-token");
  });

  it("logout clears the session cookie with HttpOnly, SameSite=Lax and Secure", async () => {
    const { cookie } = await signedInUser();
    const res = await logout(apiRequest("GET", "/api/logout", { cookie }));
    expect(res.status).toBe(303);
    const [cleared] = res.headers.getSetCookie();
    expect(cleared).toMatch(/^__Secure-next-auth\.session-token=;/);
    expect(cleared).toMatch(/; HttpOnly/i);
    expect(cleared).toMatch(/; Secure/i);
    expect(cleared).toMatch(/; SameSite=Lax/i);
    expect(cleared).toMatch(/; Max-Age=0/i);
    expect(res.headers.get("strict-transport-security")).toBe(HSTS);
  });

  it("the routes outside the API wrapper send HSTS, redirects included", async () => {
    for (const res of [
      await health(apiRequest("GET", "/api/health")),
      await liveness(apiRequest("GET", "/api/health/live")),
      await login(apiRequest("GET", "/api/login")),
      await unsubscribeLink(apiRequest("GET", "/api/unsubscribe?token=abc")),
    ]) {
      expect(res.headers.get("strict-transport-security")).toBe(HSTS);
    }
  });
});
