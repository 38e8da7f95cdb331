import { spawn } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The Resend fake stands in for the provider; the app reaches it through the SDK's base URL.
const fake = await vi.hoisted(async () => {
  const { startResendFake } = await import("@/tests/fakes/resend-fake");
  const started = await startResendFake({ latencyMs: 40 });
  process.env.RESEND_API_KEY = "re_test_dispatch";
  process.env.RESEND_BASE_URL = started.url;
  process.env.EMAIL_FROM = "LinkStash <digest@linkstash.test>";
  // Faster than Resend's default 2 calls/s, so these races are about exactly-once, not the rate.
  process.env.MAIL_RATE_PER_SECOND = "50";
  return started;
});

const { getDb } = await import("@/lib/db/client");
const { dispatchDigests } = await import("@/lib/digests/dispatch");
const { createDueUsers } = await import("@/tests/support/digest-fixtures");
const { sendDigestNow } = await import("@/lib/digests/send-now");
const { localDateKey } = await import("@/lib/time/local-day");

afterAll(() => fake.close());

beforeEach(async () => {
  fake.reset();
  await getDb().digestDelivery.deleteMany();
  await getDb().user.deleteMany();
  // A Retry-After one test recorded holds no later test back.
  await getDb().mailRate.deleteMany();
});

/** How many digests each address received (idempotent replays are not counted by the fake). */
function receivedPerAddress(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const email of fake.sent) for (const to of email.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

function expectEachExactlyOnce(emails: string[]) {
  const counts = receivedPerAddress();
  expect(counts.size).toBe(emails.length);
  expect(emails.every((email) => counts.get(email) === 1)).toBe(true);
}

describe("scheduled digests on PostgreSQL", () => {
  it("three dispatch calls at once over 2,000 due users send each digest exactly once", async () => {
    const emails = await createDueUsers(2000, new Date(Date.now() - 60_000), 2, "race");
    const results = await Promise.all([dispatchDigests(), dispatchDigests(), dispatchDigests()]);
    expect(results.reduce((sum, r) => sum + r.due, 0)).toBe(2000);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2000);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expectEachExactlyOnce(emails);
    // Batches of at most 100 per provider call.
    const batchCalls = fake.requests.filter((r) => r.path === "/emails/batch");
    expect(batchCalls.length).toBeGreaterThanOrEqual(20);
    expect(await getDb().digestDelivery.count({ where: { status: "sent" } })).toBe(2000);
  });

  it("a provider answering 429 for a while delays the digests but loses none", async () => {
    const emails = await createDueUsers(250, new Date(Date.now() - 60_000), 1, "limited");
    fake.failNext(3, { status: 429, retryAfterSeconds: 1 });
    const result = await dispatchDigests();
    expect(result).toMatchObject({ sent: 250, failed: 0, left: 0 });
    expectEachExactlyOnce(emails);
    expect(fake.requests.filter((r) => r.path === "/emails/batch").length).toBe(3 + 3);
  });

  it("a 429 outlasting the time budget leaves the rest for the next run, which sends it once", async () => {
    const emails = await createDueUsers(150, new Date(Date.now() - 60_000), 1, "budget");
    fake.failNext(1, { status: 429, retryAfterSeconds: 10 });
    const first = await dispatchDigests({ budgetMs: 5_000 });
    expect(first.left).toBeGreaterThan(0);
    const second = await dispatchDigests();
    expect(second.left).toBe(0);
    expectEachExactlyOnce(emails);
  });

  it("a 429's Retry-After holds back every dispatcher, not only the one that got it", async () => {
    const emails = await createDueUsers(100, new Date(Date.now() - 60_000), 1, "held");
    fake.failNext(1, { status: 429, retryAfterSeconds: 2 });
    const first = dispatchDigests();
    await vi.waitFor(() => expect(fake.requests.length).toBe(1), { timeout: 60_000, interval: 20 });
    const heldAt = Date.now();
    // Another dispatcher with new work arrives while the hold lasts.
    const others = await createDueUsers(100, new Date(Date.now() - 60_000), 1, "held-later");
    const second = dispatchDigests();
    await Promise.all([first, second]);
    const calls = fake.requests.slice(1).map((request) => request.receivedAt);
    expect(calls.length).toBe(2);
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(heldAt + 1_500);
    expectEachExactlyOnce([...emails, ...others]);
  });

  it("a provider error is retried under the same key in the same run: nothing lost, nothing twice", async () => {
    const emails = await createDueUsers(150, new Date(Date.now() - 60_000), 1, "flaky");
    fake.failNext(2, { status: 500 });
    const result = await dispatchDigests();
    expect(result).toMatchObject({ sent: 150, failed: 0, left: 0 });
    expectEachExactlyOnce(emails);
    const calls = fake.requests.filter((r) => r.path === "/emails/batch");
    expect(calls.length).toBe(2 + 2);
    // The retried call carried the first one's idempotency key.
    expect(calls[0]?.headers["idempotency-key"]).toBe(calls[2]?.headers["idempotency-key"]);
  });

  it("a user who unsubscribes between two runs gets nothing more", async () => {
    const [email] = await createDueUsers(1, new Date(Date.now() - 60_000), 1, "leaver");
    await dispatchDigests();
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    // Unsubscribed, then another due time passes with new links.
    await getDb().user.update({ where: { id: user.id }, data: { emailFrequency: "none", nextDigestAt: null } });
    await getDb().link.create({ data: { userId: user.id, url: "https://later.example/" } });
    await dispatchDigests();
    expect(receivedPerAddress().get(email ?? "")).toBe(1);
  });

  it("a dispatch killed halfway, then run again, sends every remaining digest once and none twice", async () => {
    const emails = await createDueUsers(1500, new Date(Date.now() - 60_000), 1, "killed");
    // The dispatch script in a node process of its own (tsx loaded in-process, so the kill hits it).
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/dispatch-digests.ts"], {
      env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.scripts.json" },
      stdio: "ignore",
    });
    // Kill it (SIGKILL: no clean-up) once some, but not all, digests have gone out.
    await vi.waitFor(() => expect(fake.sent.length).toBeGreaterThanOrEqual(300), { timeout: 120_000, interval: 50 });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const sentBeforeKill = fake.sent.length;
    expect(sentBeforeKill).toBeLessThan(1500);

    // The killed run's last batch is stuck "sending": another run takes it back under its key.
    const result = await dispatchDigests({ stallMs: 0 });
    expect(result.left).toBe(0);
    expectEachExactlyOnce(emails);
  });

  it("three dispatchers and Send now at once: each link due back or from the stash is in one digest of the day", async () => {
    // The users' zone keeps the slot and the Send now on one local day, whatever the hour the test runs.
    const timezone = new Date().getUTCHours() < 2 ? "Etc/GMT+6" : "UTC";
    const due = new Date(Date.now() - 60_000);
    const emails = await createDueUsers(400, due, 1, "back");
    const db = getDb();
    await db.user.updateMany({
      where: { email: { in: emails } },
      data: { timezone, rediscoverCount: 3, digestCursor: new Date(due.getTime() - 7 * 86_400_000) },
    });
    const users = await db.user.findMany({ where: { email: { in: emails } } });
    const day = new Date(`${localDateKey(timezone, due)}T00:00:00Z`);
    // Per user: one reminder due today and two links waiting in the stash.
    await db.link.createMany({
      data: users.flatMap((user) => [
        {
          userId: user.id,
          url: `https://due.example/${user.id}`,
          remindOn: day,
          createdAt: new Date(due.getTime() - 90 * 86_400_000),
        },
        ...[1, 2].map((i) => ({
          userId: user.id,
          url: `https://stash.example/${user.id}/${i}`,
          createdAt: new Date(due.getTime() - (100 + i) * 86_400_000),
        })),
      ]),
    });
    const racing = users.slice(0, 40);
    const answers = await Promise.all([
      dispatchDigests(),
      dispatchDigests(),
      dispatchDigests(),
      ...racing.map((user) => sendDigestNow(user)),
    ]);
    expect(answers.slice(3).every((answer) => "success" in answer && answer.success)).toBe(true);

    const carried = new Map<string, number>();
    for (const email of fake.sent) {
      for (const url of (email.text ?? "").match(/^https:\/\/(due|stash)\.example\/\S+$/gm) ?? []) {
        carried.set(url, (carried.get(url) ?? 0) + 1);
      }
    }
    // Every one of them went out, each in exactly one digest.
    expect(carried.size).toBe(users.length * 3);
    expect([...carried.values()].every((count) => count === 1)).toBe(true);
    // Each user got the scheduled digest; the racing ones a Send now besides.
    expect(fake.sent.length).toBe(users.length + racing.length);
    // Accepted: the reminders cleared, the links from the stash marked as brought back.
    expect(await db.link.count({ where: { userId: { in: users.map((u) => u.id) }, remindOn: { not: null } } })).toBe(0);
    expect(await db.link.count({ where: { url: { startsWith: "https://stash.example/" }, resurfacedAt: null } })).toBe(
      0,
    );
  });
});
