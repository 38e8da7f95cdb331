import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FRESH_PAGE_WORK_SECONDS, PAGE_WORK_LEASE_SECONDS } from "@/lib/articles/page-work-limits";
import { claimPageWork, finishPageWork, owePageWork, type PageJob } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createUser } from "@/tests/support/factories";

// Owed page work claimed by two app instances on one PostgreSQL database at once (decision 0301):
// the second is a fresh module graph with a client and pool of its own, as another server would be.
// Every row must be run exactly once, however the claims interleave.

const firstStore = globalThis.linkstashDb;
const secondClient = new PrismaClient({
  adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 10 }),
});
globalThis.linkstashDb = { prisma: secondClient };
vi.resetModules();
const second = await import("@/lib/articles/queries");
globalThis.linkstashDb = firstStore;

afterAll(async () => {
  await secondClient.$disconnect();
});

const USERS = 10;
const LINKS_PER_USER = 4;

describe("page-work claims across two instances", () => {
  it("hand each owed row to exactly one claimer, simultaneous claims included", async () => {
    for (let u = 0; u < USERS; u += 1) {
      const user = await createUser();
      for (let i = 0; i < LINKS_PER_USER; i += 1) {
        const link = await getDb().link.create({ data: { userId: user.id, url: `https://site.example/${u}/${i}` } });
        await owePageWork(link, "save");
      }
    }
    const runs = new Map<string, number>();
    for (let round = 0; round < USERS * LINKS_PER_USER; round += 1) {
      // Twenty claimers at once, half on each instance, each a runner of its own.
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const claimedBy = `runner-${round}-${i}`;
          const claim = i % 2 ? second.claimPageWork : claimPageWork;
          return claim(claimedBy, PAGE_WORK_LEASE_SECONDS, FRESH_PAGE_WORK_SECONDS).then((job) => ({ job, claimedBy }));
        }),
      );
      const taken = claims.filter((claim): claim is { job: PageJob; claimedBy: string } => claim.job !== null);
      if (taken.length === 0) break;
      for (const { job } of taken) runs.set(job.linkId, (runs.get(job.linkId) ?? 0) + 1);
      await Promise.all(taken.map(({ job, claimedBy }) => finishPageWork(job, claimedBy)));
    }
    expect(runs.size).toBe(USERS * LINKS_PER_USER);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await getDb().pageWork.count()).toBe(0);
  });
});
