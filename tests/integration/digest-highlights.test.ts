import { describe, expect, it } from "vitest";
import { POST as sendNow } from "@/app/api/digest/send-now/route";
import { getDb } from "@/lib/db/client";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { DIGEST_MAX_HIGHLIGHTS } from "@/lib/highlights/digest";
import { createDueUsers } from "@/tests/support/digest-fixtures";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// Last week's highlights in the digest (Settings → Email preferences): off by default, at most a
// few, newest first, only the week's, only the reader's own.

const DAY = 86_400_000;
const mailFor = (email: string) =>
  getDb().mailboxMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });

async function highlightsOn(userId: string, linkId: string, quotes: string[], at: (index: number) => Date) {
  await getDb().highlight.createMany({
    data: quotes.map((quote, index) => ({ userId, linkId, quote, note: `Note on ${quote}`, createdAt: at(index) })),
  });
}

describe("highlights in the digest", () => {
  it("Send now shows the week's newest highlights with their notes, at most a few, when the setting is on", async () => {
    const { user, cookie } = await signedInUser({ digestHighlights: true });
    const link = await getDb().link.create({
      data: { userId: user.id, url: "https://example.test/tides", title: "On tides" },
    });
    const now = Date.now();
    const recent = Array.from({ length: DIGEST_MAX_HIGHLIGHTS + 2 }, (_, i) => `passage${i}`);
    await highlightsOn(user.id, link.id, recent, (i) => new Date(now - (i + 1) * 3_600_000));
    await highlightsOn(user.id, link.id, ["ancient"], () => new Date(now - 8 * DAY));
    const stranger = await signedInUser({ digestHighlights: true });
    const strangerLink = await getDb().link.create({ data: { userId: stranger.user.id, url: "https://sample.test/" } });
    await highlightsOn(stranger.user.id, strangerLink.id, ["foreign"], () => new Date(now - 3_600_000));

    const res = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect((await res.json()).success).toBe(true);
    const [message] = await mailFor(user.email);
    const text = message?.text ?? "";
    expect(text).toContain("Your highlights this week");
    for (const quote of recent.slice(0, DIGEST_MAX_HIGHLIGHTS)) {
      expect(text).toContain(`"${quote}"`);
      expect(text).toContain(`Note: Note on ${quote}`);
    }
    expect(text).not.toContain("passage5");
    expect(text).not.toContain("ancient");
    expect(text).not.toContain("foreign");
    expect(text).toMatch(new RegExp(`On tides: \\S+/read/${link.id}#highlights`));
    expect(message?.html).toContain("Your highlights this week");
  });

  it("shows none when the setting is off (the default)", async () => {
    const { user, cookie } = await signedInUser();
    expect(user.digestHighlights).toBe(false);
    const link = await getDb().link.create({ data: { userId: user.id, url: "https://example.test/off" } });
    await highlightsOn(user.id, link.id, ["quiet"], () => new Date(Date.now() - 3_600_000));
    await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    const [message] = await mailFor(user.email);
    expect(message?.text).toContain("https://example.test/off");
    expect(message?.text).not.toContain("Your highlights this week");
    expect(message?.text).not.toContain("quiet");
  });

  it("a scheduled digest shows them too", async () => {
    const [email] = await createDueUsers(1, new Date(Date.now() - 5 * 60_000), 1, "highlights");
    const user = await getDb().user.update({ where: { email }, data: { digestHighlights: true } });
    const link = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    await highlightsOn(user.id, link.id, ["scheduled words"], () => new Date(Date.now() - 2 * DAY));
    await dispatchDigests();
    const [message] = await mailFor(user.email);
    expect(message?.text).toContain('"scheduled words"');
  });
});
