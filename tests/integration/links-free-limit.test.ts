import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Billing on: the free plan's limits apply once the trial is over.
  process.env.STRIPE_SECRET_KEY = "sk_test_limits";
});

const { POST: saveLink } = await import("@/app/api/links/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

const ended = () => ({ trialEndsAt: new Date(Date.now() - 86_400_000) });

describe("the free daily limit with billing on", () => {
  it("allows one link per local day after the trial, then answers 402 saying how to lift it", async () => {
    const { user, cookie } = await signedInUser(ended());
    const first = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test/1" } }));
    expect(first.status).toBe(201);
    const second = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test/2" } }));
    expect(second.status).toBe(402);
    expect((await second.json()).message).toMatch(/1 link per day.*Upgrade to Pro/);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("stores exactly one of twenty simultaneous saves", async () => {
    const { user, cookie } = await signedInUser(ended());
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `example.test/${i}` } })),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("does not limit users in their trial or on Pro", async () => {
    const trial = await signedInUser();
    const pro = await signedInUser({ ...ended(), proUntil: new Date(Date.now() + 86_400_000) });
    for (const { cookie } of [trial, pro]) {
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `example.test/${i}` } }))).status,
        ).toBe(201);
      }
    }
  });

  it("counts the user's local day, not yesterday's links", async () => {
    const { user, cookie } = await signedInUser({ ...ended(), timezone: "Asia/Kathmandu" });
    await getDb().link.create({
      data: { userId: user.id, url: "https://yesterday.example", createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    expect((await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test" } }))).status).toBe(
      201,
    );
  });
});

describe("a link saved again the same day with billing on", () => {
  it("answers the first link, never 402: a repeated save does not count against the limit", async () => {
    const { user, cookie } = await signedInUser(ended());
    const json = { url: "example.test/again" };
    expect((await saveLink(apiRequest("POST", "/api/links", { cookie, json }))).status).toBe(201);
    const again = await saveLink(apiRequest("POST", "/api/links", { cookie, json }));
    expect(again.status).toBe(200);
    expect((await again.json()).alreadySaved).toBe(true);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });
});
