import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as saveLinkOnFirst } from "@/app/api/links/route";
import { getDb } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { LINK_RATE_LIMITS } from "@/lib/links/service";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// Two app instances on one PostgreSQL database: the second is a fresh module graph whose lib/db/client holds
// a PrismaClient (and connection pool) of its own, as another server process would. The rate-limit
// counters live in the database, so both instances must draw on the same allowance.

const firstStore = globalThis.linkstashDb;
const secondClient = new PrismaClient({
  adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 10 }),
});
globalThis.linkstashDb = { prisma: secondClient };
vi.resetModules();
const second = {
  hitRateLimit: (await import("@/lib/rate-limits/rate-limit")).hitRateLimit,
  saveLink: (await import("@/app/api/links/route")).POST,
  getDb: (await import("@/lib/db/client")).getDb,
};
globalThis.linkstashDb = firstStore;

afterAll(async () => {
  await secondClient.$disconnect();
});

const save = (route: typeof saveLinkOnFirst, cookie: string, url: string) =>
  route(apiRequest("POST", "/api/links", { cookie, json: { url }, headers: { "x-forwarded-for": "203.0.113.7" } }));

describe("rate limits across two app instances", () => {
  it("are two instances with clients of their own", () => {
    expect(second.getDb()).toBe(secondClient);
    expect(getDb()).not.toBe(secondClient);
  });

  it("share one counter: simultaneous hits on both let exactly the limit through", async () => {
    const rule = { name: "instances-shared", limit: 30, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? second.hitRateLimit(rule, "subject") : hitRateLimit(rule, "subject"),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(rule.limit);
    const row = await secondClient.rateLimit.findUniqueOrThrow({ where: { key: "instances-shared:subject" } });
    expect(row.count).toBe(50);
  });

  it("refuse a user's link save on one instance once the other has used up the allowance", async () => {
    const { user, cookie } = await signedInUser();
    const limit = LINK_RATE_LIMITS.perUser.limit;
    const responses = await Promise.all(
      Array.from({ length: limit }, (_, i) => save(saveLinkOnFirst, cookie, `example.test/first/${i}`)),
    );
    expect(responses.every((res) => res.status === 201)).toBe(true);

    const refused = await save(second.saveLink, cookie, "example.test/second");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await secondClient.link.count({ where: { userId: user.id } })).toBe(limit);
  });
});
