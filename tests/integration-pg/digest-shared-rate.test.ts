import { spawn } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";

// Two dispatchers in processes of their own (two instances, or two overlapping cron runs) share one
// provider rate through PostgreSQL. The Resend fake allows 5 calls a second and answers 429 past
// that; MAIL_RATE_PER_SECOND says the same.
const RATE = 5;
const fake = await vi.hoisted(async () => {
  const { startResendFake } = await import("@/tests/fakes/resend-fake");
  const started = await startResendFake({ rateLimitPerSecond: 5 });
  process.env.RESEND_API_KEY = "re_test_shared_rate";
  process.env.RESEND_BASE_URL = started.url;
  process.env.EMAIL_FROM = "LinkStash <digest@linkstash.test>";
  process.env.MAIL_RATE_PER_SECOND = "5";
  return started;
});

const { getDb } = await import("@/lib/db/client");
const { holdCalls } = await import("@/lib/mail/provider-rate");
const { createDueUsers } = await import("@/tests/support/digest-fixtures");

afterAll(() => fake.close());

/** `npm run digests:dispatch` in a node process of its own; resolves with the counts it prints. */
function dispatcherProcess(): Promise<{ sent: number; failed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/dispatch-digests.ts"], {
      env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.scripts.json" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`dispatcher exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"));
    });
  });
}

describe("one provider rate for every dispatcher", () => {
  it("two dispatchers at once stay within the provider's rate together, and send each digest once", async () => {
    const emails = await createDueUsers(4000, new Date(Date.now() - 60_000), 1, "shared");
    // A Retry-After recorded before they start: neither may call the provider until it ends, so
    // both are up and waiting when sending begins.
    await holdCalls("resend", 10);
    const holdEnds = Date.now() + 10_000;
    const [one, two] = await Promise.all([dispatcherProcess(), dispatcherProcess()]);

    expect(one.sent).toBeGreaterThan(0);
    expect(two.sent).toBeGreaterThan(0);
    expect(one.sent + two.sent).toBe(4000);
    expect(one.failed + two.failed).toBe(0);
    const counts = new Map<string, number>();
    for (const email of fake.sent) for (const to of email.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(counts.size).toBe(4000);
    expect(emails.every((email) => counts.get(email) === 1)).toBe(true);
    expect(await getDb().digestDelivery.count({ where: { status: "sent" } })).toBe(4000);

    // The hold was honoured by both; after it, the calls came no faster than the limit, and the
    // provider had to refuse few (two dispatchers each at the limit would see half refused).
    const stats = fake.stats();
    expect(stats.firstAcceptedAt).toBeGreaterThanOrEqual(holdEnds - 250);
    expect(stats.acceptedCalls).toBe(40);
    const seconds = ((stats.lastAcceptedAt ?? 0) - (stats.firstAcceptedAt ?? 0)) / 1000;
    expect((stats.acceptedCalls - 1) / seconds).toBeLessThanOrEqual(RATE);
    expect(stats.rateLimited).toBeLessThanOrEqual(stats.acceptedCalls / 10);
  });
});
