import { describe, expect, it } from "vitest";
import { GET as check } from "@/app/api/auth/check/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as login } from "@/app/api/login/route";
import { GET as logout, POST as logoutPost } from "@/app/api/logout/route";
import { getDb } from "@/lib/db/client";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { apiRequest, signedInUser } from "@/tests/support/factories";

describe("GET /api/auth/user", () => {
  it("answers 401 with a message when signed out", async () => {
    const res = await currentUser(apiRequest("GET", "/api/auth/user"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthenticated", message: expect.any(String) });
  });

  it("answers 401 for an unknown or expired session", async () => {
    const unknown = await currentUser(apiRequest("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=nope` }));
    expect(unknown.status).toBe(401);
    const { user } = await signedInUser();
    await getDb().session.create({
      data: { sessionToken: "expired-token", userId: user.id, expires: new Date(Date.now() - 1000) },
    });
    const expired = await currentUser(
      apiRequest("GET", "/api/auth/user", { cookie: `${SESSION_COOKIE}=expired-token` }),
    );
    expect(expired.status).toBe(401);
  });

  it("returns the signed-in user with the documented fields", async () => {
    const { user, cookie } = await signedInUser({ emailTime: 20, timezone: "Europe/Berlin" });
    const res = await currentUser(apiRequest("GET", "/api/auth/user", { cookie }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      accountType: "free",
      inTrial: true,
      emailFrequency: "daily",
      emailTime: 20,
      emailDays: [],
      emailHours: {},
      onboarded: true,
      timezone: "Europe/Berlin",
      referralMonthsEarned: 0,
    });
    expect(new Date(body.createdAt).getTime()).toBe(user.createdAt.getTime());
    expect(new Date(body.trialEndsAt).getTime()).toBe(user.trialEndsAt?.getTime());
  });

  it("reports pro while proUntil is in the future", async () => {
    const { cookie } = await signedInUser({ proUntil: new Date(Date.now() + 86_400_000) });
    const body = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json();
    expect(body.accountType).toBe("pro");
    expect(body.inTrial).toBe(false);
  });
});

describe("GET /api/auth/check", () => {
  it("is false when signed out and true when signed in", async () => {
    const out = await check(apiRequest("GET", "/api/auth/check"));
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ isAuthenticated: false });
    const { cookie } = await signedInUser();
    expect(await (await check(apiRequest("GET", "/api/auth/check", { cookie }))).json()).toEqual({
      isAuthenticated: true,
    });
  });
});

describe("GET /api/login", () => {
  it("goes to the sign-in page with a same-origin return path", async () => {
    const res = await login(apiRequest("GET", "/api/login?returnTo=%2Finvite%2Fabc"));
    expect(res.status).toBe(303);
    const target = new URL(res.headers.get("location") ?? "");
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("callbackUrl")).toBe("/invite/abc");
  });

  it("refuses to return to another origin", async () => {
    const res = await login(apiRequest("GET", "/api/login?returnTo=https%3A%2F%2Fevil.example%2F"));
    expect(new URL(res.headers.get("location") ?? "").searchParams.get("callbackUrl")).toBe("/dashboard");
  });
});

describe("GET /api/logout", () => {
  it("deletes the session, clears the cookie and goes to /", async () => {
    const { cookie } = await signedInUser();
    const token = cookie.split("=")[1];
    const res = await logout(apiRequest("GET", "/api/logout", { cookie }));
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location") ?? "").pathname).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, "i"));
    expect(await getDb().session.count({ where: { sessionToken: token } })).toBe(0);
    const after = await currentUser(apiRequest("GET", "/api/auth/user", { cookie }));
    expect(after.status).toBe(401);
  });

  it("is harmless when signed out", async () => {
    const res = await logout(apiRequest("GET", "/api/logout"));
    expect(res.status).toBe(303);
  });

  const fetchMetadata = (site: string, mode: string, dest: string) => ({
    "sec-fetch-site": site,
    "sec-fetch-mode": mode,
    "sec-fetch-dest": dest,
  });

  async function stillSignedIn(cookie: string): Promise<boolean> {
    return (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).status === 200;
  }

  it("ends the session on the Sign out link (a same-origin top-level navigation) and clears the HTTP cache", async () => {
    const { cookie } = await signedInUser();
    const res = await logout(
      apiRequest("GET", "/api/logout", {
        cookie,
        headers: { ...fetchMetadata("same-origin", "navigate", "document"), "sec-fetch-user": "?1" },
      }),
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location") ?? "").pathname).toBe("/");
    expect(res.headers.get("clear-site-data")).toBe('"cache"');
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  // An article holding <img src="{APP_URL}/api/logout"> signed the reader out as the reader page
  // loaded it, and any site could do the same with an image or a fetch.
  it.each([
    ["an <img> of this site", fetchMetadata("same-origin", "no-cors", "image")],
    ["an <img> of another site", fetchMetadata("cross-site", "no-cors", "image")],
    ["a script's fetch", fetchMetadata("same-origin", "cors", "empty")],
    ["a frame", fetchMetadata("cross-site", "navigate", "iframe")],
  ])("refuses %s with 403 and keeps the session", async (_, headers) => {
    const { cookie } = await signedInUser();
    const res = await logout(apiRequest("GET", "/api/logout", { cookie, headers }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "cross_origin", message: expect.stringMatching(/Sign out/) });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("sends a link from another site to the page that asks, keeping the session", async () => {
    const { cookie } = await signedInUser();
    const res = await logout(
      apiRequest("GET", "/api/logout", { cookie, headers: fetchMetadata("cross-site", "navigate", "document") }),
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location") ?? "").pathname).toBe("/sign-out");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("ends the session on that page's same-origin form, and on no other POST", async () => {
    const { cookie } = await signedInUser();
    const foreign = await logoutPost(
      apiRequest("POST", "/api/logout", {
        cookie,
        origin: "https://evil.example",
        headers: fetchMetadata("cross-site", "navigate", "document"),
      }),
    );
    expect(foreign.status).toBe(403);
    expect(await stillSignedIn(cookie)).toBe(true);
    const own = await logoutPost(
      apiRequest("POST", "/api/logout", { cookie, headers: fetchMetadata("same-origin", "navigate", "document") }),
    );
    expect(own.status).toBe(303);
    expect(new URL(own.headers.get("location") ?? "").pathname).toBe("/");
    expect(await stillSignedIn(cookie)).toBe(false);
  });
});
