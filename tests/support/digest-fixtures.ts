import { getDb } from "@/lib/db/client";

/**
 * `count` onboarded users with a weekly schedule due at `due`, each with `linksEach` links saved
 * before it; created in a few statements so thousands take a second.
 */
export async function createDueUsers(count: number, due: Date, linksEach = 2, prefix = "due"): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${tag}-${i}@example.com`);
  // One transaction: a scheduler running meanwhile must never see a due user before their links
  // (it would skip them as having nothing to send, and the test would wait for a digest in vain).
  await getDb().$transaction(
    async (db) => {
      await db.user.createMany({
        data: emails.map((email) => ({
          email,
          onboarded: true,
          emailFrequency: "weekly" as const,
          emailDays: [due.getUTCDay()],
          emailHours: { [String(due.getUTCDay())]: due.getUTCHours() },
          timezone: "UTC",
          trialEndsAt: new Date(due.getTime() + 10 * 86_400_000),
          nextDigestAt: due,
        })),
      });
      const users = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true } });
      await db.link.createMany({
        data: users.flatMap((user) =>
          Array.from({ length: linksEach }, (_, i) => ({
            userId: user.id,
            url: `https://example.test/${user.id}/${i}`,
            title: `Link ${i}`,
            createdAt: new Date(due.getTime() - (i + 1) * 60_000),
          })),
        ),
      });
      // Thousands of users on a busy machine take longer than an interactive transaction's 5 s default.
    },
    { timeout: 120_000 },
  );
  return emails;
}
