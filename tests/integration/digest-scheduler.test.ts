import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startDigestScheduler } from "@/lib/digests/in-process-cron";
import { createDueUsers } from "@/tests/support/digest-fixtures";

describe("the in-process digest scheduler", () => {
  // Generous polls: on a busy machine a run through a pooler can take seconds.
  it("dispatches due digests by itself, repeatedly, and stops when asked", async () => {
    const [first] = await createDueUsers(1, new Date(Date.now() - 60_000), 1, "scheduled-a");
    const stop = startDigestScheduler({ firstRunMs: 10, intervalMs: 200 });
    try {
      await expect.poll(() => getDb().mailboxMessage.count({ where: { to: first } }), { timeout: 60_000 }).toBe(1);
      // A user who becomes due later is picked up by a later run.
      const [second] = await createDueUsers(1, new Date(Date.now() - 1_000), 1, "scheduled-b");
      await expect.poll(() => getDb().mailboxMessage.count({ where: { to: second } }), { timeout: 60_000 }).toBe(1);
    } finally {
      // Waits for a run already under way: it must not be the one that finds the next user.
      await stop();
    }
    const [third] = await createDueUsers(1, new Date(Date.now() - 1_000), 1, "scheduled-c");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await getDb().mailboxMessage.count({ where: { to: third } })).toBe(0);
    expect(await getDb().mailboxMessage.count({ where: { to: first } })).toBe(1);
  }, 180_000);
});
