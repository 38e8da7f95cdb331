import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { POST as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/lib/db/client";
import { limitMagicLinkRequest } from "@/lib/auth/sign-in-limit";
import { listMailbox } from "@/lib/mail/mailbox";
import { enforceRateLimits, hitRateLimit, pruneExpiredRateLimits } from "@/lib/rate-limits/rate-limit";
import { RATE_LIMITS } from "@/lib/rate-limits/rules";
import { ORIGIN } from "@/tests/support/factories";

// Behind one proxy, which names the client in X-Forwarded-For (vi.hoisted runs before the imports
// above read the configuration).
vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = "1";
});

function magicLinkRequest(email: string, ip: string): Request {
  return new Request(`${ORIGIN}/api/auth/signin/email`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": ip },
    body: new URLSearchParams({ email, csrfToken: "t", callbackUrl: "/dashboard" }),
  });
}

describe("hitRateLimit", () => {
  it("counts atomically within the window", async () => {
    const rule = { name: "test-atomic", limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(rule, "subject")));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.every((r) => r.retryAfterSeconds >= 1 && r.retryAfterSeconds <= 60)).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { name: "test-window", limit: 1, windowSeconds: 1 };
    expect((await hitRateLimit(rule, "s")).allowed).toBe(true);
    expect((await hitRateLimit(rule, "s")).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hitRateLimit(rule, "s")).allowed).toBe(true);
  });

  it("counts a later check only while the earlier ones allow the request", async () => {
    const perUser = { name: "test-chain-user", limit: 2, windowSeconds: 60 };
    const perIp = { name: "test-chain-ip", limit: 100, windowSeconds: 60 };
    const checks = [
      { rule: perUser, subject: "user-1" },
      { rule: perIp, subject: "10.9.9.9" },
    ];
    await enforceRateLimits(checks);
    await enforceRateLimits(checks);
    await expect(enforceRateLimits(checks)).rejects.toMatchObject({ status: 429 });
    await expect(enforceRateLimits(checks)).rejects.toMatchObject({ status: 429 });
    const counts = await getDb().rateLimit.findMany({
      where: { key: { startsWith: "test-chain-" } },
      orderBy: { key: "asc" },
    });
    // The user was counted four times; the address only for the two requests the user rule let through.
    expect(counts.map((row) => [row.key, row.count])).toEqual([
      ["test-chain-ip:10.9.9.9", 2],
      ["test-chain-user:user-1", 4],
    ]);
  });

  it("prunes only the counters whose window has passed", async () => {
    const db = getDb();
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await db.rateLimit.createMany({
      data: [
        { key: "prune:expired", count: 3, resetAt: past },
        { key: "prune:live", count: 2, resetAt: future },
      ],
    });
    expect(await pruneExpiredRateLimits()).toBeGreaterThanOrEqual(1);
    const left = await db.rateLimit.findMany({ where: { key: { startsWith: "prune:" } } });
    expect(left.map((row) => row.key)).toEqual(["prune:live"]);
    expect(left[0]?.count).toBe(2);
  });
});

describe("magic-link requests", () => {
  it("are limited per address with 429 and Retry-After, whatever the case of the address", async () => {
    const limit = RATE_LIMITS.magicLinkPerAddress.limit;
    for (let i = 0; i < limit; i += 1) {
      expect(
        await limitMagicLinkRequest(magicLinkRequest(i % 2 ? "Same@Example.com" : "same@example.com", `10.0.0.${i}`), [
          "signin",
          "email",
        ]),
      ).toBeNull();
    }
    const blocked = await limitMagicLinkRequest(magicLinkRequest("same@example.com", "10.0.1.1"), ["signin", "email"]);
    expect(blocked?.status).toBe(429);
    expect(Number(blocked?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked?.json()).message).toMatch(/Too many sign-in emails/);
    expect(
      await limitMagicLinkRequest(magicLinkRequest("someone-else@example.com", "10.0.1.2"), ["signin", "email"]),
    ).toBeNull();
  });

  it("are limited per IP", async () => {
    const limit = RATE_LIMITS.magicLinkPerIp.limit;
    for (let i = 0; i < limit; i += 1) {
      expect(
        await limitMagicLinkRequest(magicLinkRequest(`ip-user-${i}@example.com`, "203.0.113.9"), ["signin", "email"]),
      ).toBeNull();
    }
    const blocked = await limitMagicLinkRequest(magicLinkRequest("ip-user-last@example.com", "203.0.113.9"), [
      "signin",
      "email",
    ]);
    expect(blocked?.status).toBe(429);
  });

  // Proves the sign-in route consults the limiter before next-auth: over the limit, no token is
  // stored and no email is sent.
  async function expectRouteRefuses(email: string, ip: string): Promise<void> {
    const res = await nextAuthRoute(new NextRequest(magicLinkRequest(email, ip)), {
      params: Promise.resolve({ nextauth: ["signin", "email"] }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await getDb().verificationToken.count({ where: { identifier: email } })).toBe(0);
    expect(await listMailbox(email)).toHaveLength(0);
  }

  it("are refused by the sign-in route itself once the address is over its limit", async () => {
    const email = "route-limit@example.com";
    for (let i = 0; i < RATE_LIMITS.magicLinkPerAddress.limit; i += 1) {
      expect(await limitMagicLinkRequest(magicLinkRequest(email, `10.0.2.${i}`), ["signin", "email"])).toBeNull();
    }
    await expectRouteRefuses(email, "10.0.2.200");
  });

  it("are refused by the sign-in route itself once the IP is over its limit", async () => {
    const ip = "198.51.100.41";
    for (let i = 0; i < RATE_LIMITS.magicLinkPerIp.limit; i += 1) {
      expect(
        await limitMagicLinkRequest(magicLinkRequest(`earlier-${i}@example.com`, ip), ["signin", "email"]),
      ).toBeNull();
    }
    await expectRouteRefuses("route-limit-ip@example.com", ip);
  });

  it("leave other next-auth requests alone", async () => {
    const get = new Request(`${ORIGIN}/api/auth/session`);
    expect(await limitMagicLinkRequest(get, ["session"])).toBeNull();
  });
});
