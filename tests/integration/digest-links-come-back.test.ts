import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { claimPending, enqueueDue, linksDueBack, markFailed, markSent, selectComingBack } from "@/lib/digests/queries";
import { sendDigestNow } from "@/lib/digests/send-now";
import type { Prisma } from "@/lib/generated/prisma/client";

// Links come back (decision 0319) with a deterministic clock: every digest runs at an instant the
// test names (its slot and window end), so the 30-day rule, the 7-day age and the anniversaries are
// read against that instant, not against the machine's time.

const DAY = 86_400_000;
/** Thursday 26 November 2026, 08:00 UTC: the first digest of every test. */
const T0 = new Date("2026-11-26T08:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let sequence = 0;

async function reader(data: Partial<Prisma.UserCreateInput> = {}) {
  sequence += 1;
  return getDb().user.create({
    data: {
      email: `reader-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      onboarded: true,
      emailFrequency: "weekly",
      emailDays: [4],
      emailHours: { "4": 8 },
      timezone: "UTC",
      trialEndsAt: at(400),
      // The previous digest went out a week before: the first one here covers a week.
      digestCursor: at(-7),
      ...data,
    },
  });
}

type LinkData = Omit<Prisma.LinkUncheckedCreateInput, "userId" | "url"> & { url?: string };

async function link(userId: string, name: string, data: LinkData = {}) {
  return getDb().link.create({
    data: { userId, url: `https://${name}.example/`, title: name, createdAt: at(-60), ...data },
  });
}

/** One scheduled digest of the user at `when` (its slot and the end of its window). */
async function digestAt(userId: string, when: Date) {
  await getDb().user.update({ where: { id: userId }, data: { nextDigestAt: when } });
  const result = await dispatchDigests({ now: when });
  expect(result.failed).toBe(0);
  const delivery = await getDb().digestDelivery.findFirstOrThrow({
    where: { userId, slot: when },
    include: { items: { orderBy: [{ section: "asc" }, { position: "asc" }], include: { link: true } } },
  });
  const user = await getDb().user.findUniqueOrThrow({ where: { id: userId } });
  const message =
    delivery.status === "sent"
      ? await getDb().mailboxMessage.findUniqueOrThrow({ where: { idempotencyKey: delivery.id } })
      : null;
  const titles = (section: "reminder" | "rediscovered") =>
    delivery.items.filter((item) => item.section === section).map((item) => item.link.title);
  return { delivery, message, user, reminders: titles("reminder"), rediscovered: titles("rediscovered") };
}

beforeEach(async () => {
  await getDb().digestDelivery.deleteMany();
  await getDb().user.deleteMany();
});

describe("links from the stash", () => {
  it("offers older unread links, never this digest's new ones, nor read, archived, reminded or deleted ones", async () => {
    const user = await reader({ rediscoverCount: 5 });
    await link(user.id, "waiting");
    await link(user.id, "imported", { createdAt: new Date("2019-03-02T10:00:00Z") });
    await link(user.id, "fresh", { createdAt: at(-1) });
    await link(user.id, "six-days", { createdAt: at(-6) });
    await link(user.id, "read", { readAt: at(-30) });
    await link(user.id, "archived", { archivedAt: at(-30) });
    await link(user.id, "reminded-later", { remindOn: new Date("2026-12-24") });
    const gone = await link(user.id, "deleted");
    await getDb().link.delete({ where: { id: gone.id } });

    const digest = await digestAt(user.id, T0);
    expect(digest.delivery.status).toBe("sent");
    // The longest waiting first: the import from 2019, then the link saved 60 days ago.
    expect(digest.rediscovered).toEqual(["imported", "waiting"]);
    const text = digest.message?.text ?? "";
    expect(text).toContain("From your stash");
    expect(text).toContain("Saved 7 years ago");
    expect(text).toContain("Saved a month ago");
    // The new links are listed as new, once.
    expect(text.split("https://fresh.example/")).toHaveLength(2);
    expect(text.indexOf("https://fresh.example/")).toBeLessThan(text.indexOf("From your stash"));
  });

  it("puts a save day's anniversary first, then spreads over categories, never-opened links first", async () => {
    const user = await reader({ rediscoverCount: 3, timezone: "Europe/Paris" });
    // 26 Nov 2024, 00:30 in Paris is still the 25th in UTC: the anniversary is the reader's calendar day.
    await link(user.id, "anniversary", { createdAt: new Date("2024-11-25T23:30:00Z"), categories: ["Work"] });
    await link(user.id, "work-oldest", { createdAt: at(-300), categories: ["Work"] });
    await link(user.id, "work-older", { createdAt: at(-200), categories: ["work", "Video"] });
    await link(user.id, "recipes-opened", { createdAt: at(-250), categories: ["Recipes"], openedAt: at(-240) });
    await link(user.id, "recipes-unopened", { createdAt: at(-100), categories: ["Recipes"] });
    await link(user.id, "uncategorised", { createdAt: at(-90) });

    const digest = await digestAt(user.id, T0);
    // One per category before a second: Work has its anniversary, then Recipes' never-opened link,
    // then the uncategorised one, before Work's second or Recipes' opened one.
    expect(digest.rediscovered).toEqual(["anniversary", "recipes-unopened", "uncategorised"]);
    expect(digest.message?.text).toContain("Saved 2 years ago today");
  });

  it("brings a link back at most once in 30 days, and never in two digests in a row", async () => {
    const user = await reader({ rediscoverCount: 2 });
    for (const [name, age] of [
      ["a", 400],
      ["b", 300],
      ["c", 200],
      ["d", 100],
    ] as const) {
      await link(user.id, name, { createdAt: at(-age) });
    }
    expect((await digestAt(user.id, T0)).rediscovered).toEqual(["a", "b"]);
    expect((await digestAt(user.id, at(7))).rediscovered).toEqual(["c", "d"]);
    // Everything came back within 30 days: nothing to send.
    const third = await digestAt(user.id, at(14));
    expect(third.delivery.status).toBe("skipped");
    expect(third.rediscovered).toEqual([]);
    // 38 days on, a and b may come back; c and d (31 days) may not: they were in the last digest sent.
    const fourth = await digestAt(user.id, at(38));
    expect(fourth.rediscovered).toEqual(["a", "b"]);
    const resurfaced = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { title: "asc" } });
    expect(resurfaced.map((row) => row.resurfacedAt)).toEqual([at(38), at(38), at(7), at(7)]);
  });

  it("does not repeat the last digest's links even more than 30 days later", async () => {
    const user = await reader({ rediscoverCount: 3 });
    await link(user.id, "only", { createdAt: at(-400) });
    expect((await digestAt(user.id, T0)).rediscovered).toEqual(["only"]);
    await link(user.id, "new", { createdAt: at(39) });
    const next = await digestAt(user.id, at(40));
    expect(next.delivery.status).toBe("sent");
    expect(next.rediscovered).toEqual([]);
    // The digest after that one may bring it back.
    await link(user.id, "newer", { createdAt: at(46) });
    expect((await digestAt(user.id, at(47))).rediscovered).toEqual(["only"]);
  });

  it("brings nothing back when the user set the count to 0", async () => {
    const user = await reader({ rediscoverCount: 0 });
    await link(user.id, "old");
    const digest = await digestAt(user.id, T0);
    expect(digest.delivery.status).toBe("skipped");
    expect(await getDb().digestItem.count()).toBe(0);
  });
});

describe("reminders", () => {
  it("come back on their day under Back today, above the new links, once, and clear once the digest is accepted", async () => {
    const user = await reader({ rediscoverCount: 0 });
    await link(user.id, "due", { remindOn: new Date("2026-11-26") });
    await link(user.id, "not-yet", { remindOn: new Date("2026-11-27") });
    // Saved this week and due today: shown under Back today only.
    await link(user.id, "new-and-due", { createdAt: at(-2), remindOn: new Date("2026-11-26") });
    await link(user.id, "new", { createdAt: at(-1) });
    const digest = await digestAt(user.id, T0);
    expect(digest.reminders).toEqual(["due", "new-and-due"]);
    const text = digest.message?.text ?? "";
    // One count: the new link and the two back today.
    expect(digest.message?.subject).toBe("Your LinkStash digest: 3 links to read");
    expect(text).toContain("Here are 3 links: 1 you saved since your last digest, and 2 that came back.");
    expect(text.indexOf("Back today")).toBeLessThan(text.indexOf("https://new.example/"));
    expect(text.split("https://new-and-due.example/")).toHaveLength(2);
    expect(text).not.toContain("not-yet.example");
    const links = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { title: "asc" } });
    expect(links.map((row) => [row.title, row.remindOn])).toEqual([
      ["due", null],
      ["new", null],
      ["new-and-due", null],
      ["not-yet", new Date("2026-11-27")],
    ]);
  });

  it("reach a weekly user in the next digest after their day", async () => {
    const user = await reader({ rediscoverCount: 0 });
    await link(user.id, "asked-for-monday", { remindOn: new Date("2026-11-30") });
    expect((await digestAt(user.id, T0)).delivery.status).toBe("skipped");
    const next = await digestAt(user.id, at(7));
    expect(next.reminders).toEqual(["asked-for-monday"]);
    expect(next.message?.subject).toBe("Your LinkStash digest: 1 link came back");
  });

  it("are the reader's local day", async () => {
    // 08:00 UTC on the 26th is 21:00 on the 26th in Auckland; 23:00 UTC would be the 27th there.
    const user = await reader({ rediscoverCount: 0, timezone: "Pacific/Auckland" });
    await link(user.id, "tomorrow-in-auckland", { remindOn: new Date("2026-11-27") });
    expect((await digestAt(user.id, T0)).reminders).toEqual([]);
    expect((await digestAt(user.id, new Date("2026-11-26T23:00:00Z"))).reminders).toEqual(["tomorrow-in-auckland"]);
    expect(await linksDueBack(user.id, "2026-11-27")).toHaveLength(0);
  });

  it("stay due when the provider fails, and a reminder moved meanwhile is not cleared", async () => {
    const user = await reader({ rediscoverCount: 0 });
    const kept = await link(user.id, "kept", { remindOn: new Date("2026-11-26") });
    const moved = await link(user.id, "moved", { remindOn: new Date("2026-11-25") });
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: T0 } });
    await enqueueDue(T0);
    const first = await claimPending(100);
    const chosen = await selectComingBack(first.map((row) => row.id));
    expect(chosen.get(first[0]?.id ?? "")?.reminders.map((row) => row.title)).toEqual(["moved", "kept"]);
    // The provider refuses: nothing changes on the links, and the items let them go.
    await markFailed(
      first.map((row) => row.id),
      "refused",
    );
    expect(await getDb().digestItem.count()).toBe(0);
    expect((await linksDueBack(user.id, "2026-11-26")).map((row) => row.title)).toEqual(["moved", "kept"]);

    // The next digest carries them; while it is out, the user moves one to next week.
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: at(0.5) } });
    await enqueueDue(at(0.5));
    const second = await claimPending(100);
    expect((await selectComingBack(second.map((row) => row.id))).get(second[0]?.id ?? "")?.reminders).toHaveLength(2);
    await getDb().link.update({ where: { id: moved.id }, data: { remindOn: new Date("2026-12-03") } });
    await markSent(second.map((row) => ({ id: row.id, providerId: null, linkCount: 0 })));
    expect((await getDb().link.findUniqueOrThrow({ where: { id: kept.id } })).remindOn).toBeNull();
    expect((await getDb().link.findUniqueOrThrow({ where: { id: moved.id } })).remindOn).toEqual(
      new Date("2026-12-03"),
    );
  });

  it("a link read or archived before its day does not come back", async () => {
    const user = await reader({ rediscoverCount: 0 });
    await link(user.id, "read", { remindOn: new Date("2026-11-26"), readAt: at(-1) });
    await link(user.id, "archived", { remindOn: new Date("2026-11-26"), archivedAt: at(-1) });
    expect((await digestAt(user.id, T0)).delivery.status).toBe("skipped");
  });
});

describe("which digests send", () => {
  it("sends links that come back without new ones, unless the user turned that off", async () => {
    const keen = await reader({ rediscoverCount: 2 });
    await link(keen.id, "from-the-stash");
    const keenDigest = await digestAt(keen.id, T0);
    expect(keenDigest.delivery.status).toBe("sent");
    expect(keenDigest.message?.subject).toBe("Your LinkStash digest: 1 link came back");
    expect(keenDigest.message?.text).toContain("Nothing new since your last digest, but one link came back.");

    const quiet = await reader({ rediscoverCount: 2, digestWithoutNewLinks: false });
    await link(quiet.id, "from-the-stash-2");
    const due = await link(quiet.id, "due", { remindOn: new Date("2026-11-26") });
    const quietDigest = await digestAt(quiet.id, T0);
    expect(quietDigest.delivery.status).toBe("skipped");
    // Skipped: the links it had chosen are let go, unchanged.
    expect(await getDb().digestItem.count({ where: { deliveryId: quietDigest.delivery.id } })).toBe(0);
    expect((await getDb().link.findUniqueOrThrow({ where: { id: due.id } })).remindOn).toEqual(new Date("2026-11-26"));
    // With something new, they come along.
    await link(quiet.id, "new", { createdAt: at(6) });
    const withNew = await digestAt(quiet.id, at(7));
    expect(withNew.reminders).toEqual(["due"]);
    expect(withNew.rediscovered).toEqual(["from-the-stash-2"]);
  });

  it("sends nothing to a user with nothing new and nothing coming back", async () => {
    const user = await reader();
    await link(user.id, "recent-but-read", { createdAt: at(-2), readAt: at(-1) });
    expect((await digestAt(user.id, T0)).delivery.status).toBe("skipped");
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(0);
  });

  it("ends with the period's line of progress", async () => {
    const user = await reader({ rediscoverCount: 1 });
    await link(user.id, "old");
    await link(user.id, "read-this-week", { readAt: at(-3) });
    await link(user.id, "new-1", { createdAt: at(-2) });
    await link(user.id, "new-2", { createdAt: at(-1), readAt: at(-0.5) });
    const digest = await digestAt(user.id, T0);
    expect(digest.message?.text).toContain("This week: 2 saved, 2 read, 1 came back");
  });
});

describe("a retried batch", () => {
  it("sends the links chosen the first time", async () => {
    const user = await reader({ rediscoverCount: 1 });
    await link(user.id, "chosen-first");
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: T0 } });
    await enqueueDue(T0);
    const claimed = await claimPending(100);
    const ids = claimed.map((row) => row.id);
    const first = await selectComingBack(ids);
    // A better candidate appears (an anniversary) before the batch, whose reply was lost, is retried.
    await link(user.id, "anniversary", { createdAt: new Date("2025-11-26T09:00:00Z") });
    expect(await selectComingBack(ids)).toEqual(first);
    const result = await dispatchDigests({ now: T0, stallMs: 0 });
    expect(result.sent).toBe(1);
    const message = await getDb().mailboxMessage.findUniqueOrThrow({ where: { idempotencyKey: ids[0] ?? "" } });
    expect(message.text).toContain("https://chosen-first.example/");
    expect(message.text).not.toContain("anniversary.example");
  });
});

describe("Send now", () => {
  it("sends what the next digest would hold: new links since the last digest, reminders and links from the stash", async () => {
    const user = await reader({ rediscoverCount: 1, digestCursor: new Date(Date.now() - 3 * DAY) });
    await link(user.id, "since-last-digest", { createdAt: new Date(Date.now() - 2 * DAY) });
    await link(user.id, "before-last-digest", { createdAt: new Date(Date.now() - 5 * DAY) });
    const due = await link(user.id, "due", { createdAt: new Date(Date.now() - 60 * DAY), remindOn: new Date() });
    const old = await link(user.id, "old", { createdAt: new Date(Date.now() - 90 * DAY) });
    const answer = await sendDigestNow(user);
    expect(answer).toEqual({ success: true, message: `Your digest with 3 links was sent to ${user.email}.` });
    const [message] = await getDb().mailboxMessage.findMany({ where: { to: user.email } });
    // The answer, the subject and the count line say one number.
    expect(message?.subject).toBe("Today's stash: 3 links to read");
    expect(message?.text).toContain(
      "Here are 3 links: 1 you saved since your last scheduled digest, and 2 that came back.",
    );
    expect(message?.text).toContain("https://since-last-digest.example/");
    expect(message?.text).not.toContain("before-last-digest.example");
    expect(message?.text).toContain("Back today");
    expect(message?.text).toContain("https://old.example/");
    // It counts as a digest: the reminder cleared, and the link from the stash waits 30 days.
    expect((await getDb().link.findUniqueOrThrow({ where: { id: due.id } })).remindOn).toBeNull();
    expect((await getDb().link.findUniqueOrThrow({ where: { id: old.id } })).resurfacedAt).not.toBeNull();
  });

  it("sends links that come back when nothing is new, and answers as before when nothing at all", async () => {
    const user = await reader({ rediscoverCount: 0, digestCursor: null });
    expect(await sendDigestNow(user)).toEqual({ success: false, message: "No links saved today" });
    await link(user.id, "due", { createdAt: new Date(Date.now() - 60 * DAY), remindOn: new Date() });
    expect(await sendDigestNow(user)).toEqual({
      success: true,
      message: `Your digest with 1 link was sent to ${user.email}.`,
    });
    // The reminder went out: nothing is left to send.
    expect(await sendDigestNow(user)).toEqual({ success: false, message: "No links saved today" });
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(1);
  });
});
