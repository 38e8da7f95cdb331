import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// A run that cannot send what is due within its budget hands the rest to continuations: calls to
// GET /api/cron/digests?continuation=1 at APP_URL, served here over real HTTP by the route itself.
// The Resend fake answers each call after 2 s, so a worker sends at most 50 digests a second.
const { fake, server } = await vi.hoisted(async () => {
  const { startResendFake } = await import("@/tests/fakes/resend-fake");
  const { startRouteServer } = await import("@/tests/support/route-server");
  const started = await startResendFake({ latencyMs: 2_000 });
  const routeServer = await startRouteServer(async () => (await import("@/app/api/cron/digests/route")).GET);
  process.env.RESEND_API_KEY = "re_test_continuations";
  process.env.RESEND_BASE_URL = started.url;
  process.env.EMAIL_FROM = "LinkStash <digest@linkstash.test>";
  process.env.APP_URL = routeServer.url;
  process.env.CRON_SECRET = "cron-secret-for-continuations";
  process.env.MAIL_RATE_PER_SECOND = "50";
  process.env.DIGEST_MAX_WORKERS = "3";
  return { fake: started, server: routeServer };
});

const { GET: cron } = await import("@/app/api/cron/digests/route");
const { getDb } = await import("@/lib/db/client");
const { cronContinuations } = await import("@/lib/digests/continuations");
const { dispatchDigests } = await import("@/lib/digests/dispatch");
const { dispatchInProcess } = await import("@/lib/digests/in-process-workers");
const { countBusyWorkers, releaseWorkerSlot, takeWorkerSlot } = await import("@/lib/digests/worker-slot-queries");
const { createDueUsers } = await import("@/tests/support/digest-fixtures");
const { apiRequest } = await import("@/tests/support/factories");

afterAll(async () => {
  await server.close();
  await fake.close();
});

beforeEach(async () => {
  fake.reset();
  server.requested.length = 0;
  await getDb().digestDelivery.deleteMany();
  await getDb().user.deleteMany();
});

const bearer = { authorization: "Bearer cron-secret-for-continuations" };

function expectEachExactlyOnce(emails: string[]) {
  const counts = new Map<string, number>();
  for (const email of fake.sent) for (const to of email.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  expect(counts.size).toBe(emails.length);
  expect(emails.every((email) => counts.get(email) === 1)).toBe(true);
}

const sentRows = () => getDb().digestDelivery.count({ where: { kind: "scheduled", status: "sent" } });

describe("a dispatch run past its budget", () => {
  it(
    "hands the rest to continuations through the cron route, and every due digest goes out in that run",
    { timeout: 150_000 },
    async () => {
      const emails = await createDueUsers(800, new Date(Date.now() - 60_000), 1, "fanout");
      // 4 s of budget, the last 3 kept in reserve: one worker sends 100 at most.
      const run = await dispatchDigests({ budgetMs: 4_000, launcher: cronContinuations() });
      expect(run.sent).toBeLessThan(800);
      expect(run.continuations).toBeGreaterThan(0);
      expect(server.requested.filter((path) => path === "/api/cron/digests?continuation=1").length).toBeGreaterThan(0);

      // No further cron call: the continuations send the rest, then free their slots.
      await expect.poll(sentRows, { timeout: 100_000, interval: 250 }).toBe(800);
      await expect.poll(countBusyWorkers, { timeout: 20_000, interval: 250 }).toBe(0);
      expectEachExactlyOnce(emails);
      expect(await getDb().user.count({ where: { nextDigestAt: { lte: new Date() } } })).toBe(0);
      expect(await getDb().digestDelivery.count({ where: { status: { in: ["pending", "sending"] } } })).toBe(0);
    },
  );

  it(
    "adds workers in the process when the scheduler runs it, each in a slot, all freed at the end",
    { timeout: 150_000 },
    async () => {
      const emails = await createDueUsers(1000, new Date(Date.now() - 60_000), 1, "in-process");
      // 20 s of budget, the last 3 kept in reserve: one worker alone would send 850 at most.
      const first = await dispatchInProcess({ budgetMs: 20_000 });
      expect(first.continuations).toBeGreaterThan(0);
      expect(await countBusyWorkers()).toBe(0);
      // Whatever the first run's deadline left, the scheduler's next run sends.
      let left = first.left;
      while (left > 0) left = (await dispatchInProcess({ budgetMs: 30_000 })).left;
      expectEachExactlyOnce(emails);
    },
  );
});

describe("GET /api/cron/digests?continuation=1", () => {
  it("needs the cron secret, and a marker it knows", async () => {
    expect((await cron(apiRequest("GET", "/api/cron/digests?continuation=1"))).status).toBe(401);
    const bad = await cron(apiRequest("GET", "/api/cron/digests?continuation=yes", { headers: bearer }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "validation_failed", message: "continuation must be 1" });
  });

  it("starts nothing when every worker slot is taken", async () => {
    const deadline = Date.now() + 60_000;
    const leases = [await takeWorkerSlot(deadline), await takeWorkerSlot(deadline), await takeWorkerSlot(deadline)];
    expect(await takeWorkerSlot(deadline)).toBeNull();
    const res = await cron(apiRequest("GET", "/api/cron/digests?continuation=1", { headers: bearer }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ started: false });
    for (const lease of leases) if (lease) await releaseWorkerSlot(lease);
    expect(await countBusyWorkers()).toBe(0);
  });

  it("takes a slot and answers 202 at once; its worker frees the slot when nothing is left", async () => {
    const res = await cron(apiRequest("GET", "/api/cron/digests?continuation=1", { headers: bearer }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ started: true });
    await expect.poll(countBusyWorkers, { timeout: 20_000, interval: 100 }).toBe(0);
  });
});
