import { beforeEach, describe, expect, it } from "vitest";
import { POST as saveFromDigest } from "@/app/api/save-feed-item/route";
import { GET as listRoute } from "@/app/api/feed-items/route";
import { POST as saveRoute } from "@/app/api/feed-items/[id]/save/route";
import { getDb } from "@/lib/db/client";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { claimPending, enqueueDue, markFailed, markSkipped, selectComingBack } from "@/lib/digests/queries";
import { sendDigestNow } from "@/lib/digests/send-now";
import type { Prisma } from "@/lib/generated/prisma/client";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

// "From your feeds" (decision 0418): the items of feeds that go to the digest, chosen once per digest,
// digested when it is sent, let go when it is skipped or fails; saved to the stash from the mail's
// signed link or from the dashboard, once.

const DAY = 86_400_000;
/** Thursday 26 November 2026, 08:00 UTC: the first digest of every test. */
const T0 = new Date("2026-11-26T08:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

async function reader(data: Partial<Prisma.UserCreateInput> = {}) {
  return signedInUser({
    onboarded: true,
    emailFrequency: "weekly",
    emailDays: [4],
    emailHours: { "4": 8 },
    timezone: "UTC",
    trialEndsAt: at(400),
    digestCursor: at(-7),
    rediscoverCount: 0,
    ...data,
  });
}

let sequence = 0;

/** A feed the user subscribes to, into the digest unless told. */
async function feed(
  userId: string,
  title: string | null,
  data: { category?: string | null; into?: "stash" | "digest" } = {},
) {
  sequence += 1;
  const source = await getDb().feedSource.create({
    data: { url: `https://feed-${sequence}-${Math.random().toString(36).slice(2, 8)}.example/feed.xml`, title },
  });
  const subscription = await getDb().subscription.create({
    data: {
      userId,
      sourceId: source.id,
      into: data.into ?? "digest",
      category: data.category ?? null,
      primedAt: at(-30),
    },
  });
  return { source, subscription };
}

/** An item of the feed, owed to the subscription `daysAgo` days before T0. */
async function item({ source, subscription }: Awaited<ReturnType<typeof feed>>, name: string, owedAt: Date) {
  const row = await getDb().feedItem.create({
    data: {
      sourceId: source.id,
      guid: name,
      url: `https://${name}.example/post`,
      title: `Post ${name}`,
      seenAt: owedAt,
    },
  });
  await getDb().feedDelivery.create({
    data: {
      subscriptionId: subscription.id,
      itemId: row.id,
      userId: subscription.userId,
      into: subscription.into,
      createdAt: owedAt,
    },
  });
  return row;
}

/** One scheduled digest of the user at `when`, and its mail if sent. */
async function digestAt(userId: string, when: Date) {
  await getDb().user.update({ where: { id: userId }, data: { nextDigestAt: when } });
  const result = await dispatchDigests({ now: when });
  expect(result.failed).toBe(0);
  const delivery = await getDb().digestDelivery.findFirstOrThrow({ where: { userId, slot: when } });
  const message =
    delivery.status === "sent"
      ? await getDb().mailboxMessage.findUniqueOrThrow({ where: { idempotencyKey: delivery.id } })
      : null;
  return { delivery, message };
}

const deliveries = (userId: string) =>
  getDb().feedDelivery.findMany({ where: { userId }, include: { item: true }, orderBy: { createdAt: "asc" } });

/** The mail text's "Save to stash" link of an item. */
function saveToken(text: string, url: string): string {
  const match = new RegExp(`${url.replace(/[.]/g, "\\.")} *\\nSave to stash: (\\S+)`).exec(text);
  const link = match?.[1];
  if (!link) throw new Error(`no Save to stash under ${url}`);
  return new URL(link).searchParams.get("token") ?? "";
}

beforeEach(async () => {
  await getDb().digestDelivery.deleteMany();
  await getDb().user.deleteMany();
  await getDb().feedSource.deleteMany();
});

describe("a digest's From your feeds", () => {
  it("lists the owed items by feed, newest first, each with Save to stash, and sends a digest with nothing else", async () => {
    // Turned off links that came back alone: feed items count as new, so the digest goes.
    const { user } = await reader({ digestWithoutNewLinks: false });
    const alpha = await feed(user.id, "Alpha Weekly");
    const untitled = await feed(user.id, null);
    const toStash = await feed(user.id, "Into the stash", { into: "stash" });
    await item(alpha, "alpha-old", at(-3));
    await item(untitled, "untitled-one", at(-2));
    await item(alpha, "alpha-new", at(-1));
    await item(toStash, "stashed", at(-1));
    const { user: other } = await reader();
    await item(await feed(other.id, "Someone else's"), "not-mine", at(-1));

    const digest = await digestAt(user.id, T0);
    expect(digest.delivery.status).toBe("sent");
    const text = digest.message?.text ?? "";
    const html = digest.message?.html ?? "";
    expect(digest.message?.subject).toBe("Your LinkStash digest: 3 links to read");
    expect(text).toContain("Nothing new since your last digest, but 3 new items from your feeds.");
    // Alpha's newest item is the newest of all: its feed first, then the untitled feed under its address.
    const order = [
      "From your feeds",
      "Alpha Weekly",
      "https://alpha-new.example/post",
      "https://alpha-old.example/post",
    ];
    order.push(untitled.source.url, "https://untitled-one.example/post");
    const positions = order.map((piece) => text.indexOf(piece));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain("stashed.example");
    expect(text).not.toContain("not-mine.example");
    expect(text.match(/Save to stash: http/g)).toHaveLength(3);
    expect(html).toContain("From your feeds");
    expect(html).toContain("Alpha Weekly");
    expect(html).toContain('href="https://alpha-new.example/post"');
    expect(html.match(/>Save to stash</g)).toHaveLength(3);

    const rows = await deliveries(user.id);
    const digested = rows.filter((row) => row.into === "digest");
    expect(digested.map((row) => row.digestId)).toEqual([digest.delivery.id, digest.delivery.id, digest.delivery.id]);
    expect(digested.every((row) => row.digestedAt !== null)).toBe(true);
    expect(rows.find((row) => row.into === "stash")?.digestId).toBeNull();

    // The next digest does not carry them again: with nothing else, nothing is sent.
    const next = await digestAt(user.id, at(7));
    expect(next.delivery.status).toBe("skipped");
    await getDb().link.create({ data: { userId: user.id, url: "https://new-link.example/", createdAt: at(13) } });
    const third = await digestAt(user.id, at(14));
    expect(third.message?.text).toContain("https://new-link.example/");
    expect(third.message?.text).not.toContain("From your feeds");
  });

  it("says the feed items after the links in the count line", async () => {
    const { user } = await reader();
    await getDb().link.create({ data: { userId: user.id, url: "https://saved.example/", createdAt: at(-1) } });
    await item(await feed(user.id, "Beta"), "beta", at(-1));
    const digest = await digestAt(user.id, T0);
    expect(digest.message?.text).toContain(
      "Here is the link you saved since your last digest. Also 1 new item from your feeds.",
    );
    expect(digest.message?.subject).toBe("Your LinkStash digest: 2 links to read");
  });

  it("carries the newest 50, the rest in the next digest, and none owed longer than 14 days", async () => {
    const { user } = await reader();
    const busy = await feed(user.id, "Busy");
    for (let index = 0; index < 53; index += 1)
      await item(busy, `busy-${index}`, new Date(at(-1).getTime() + index * 60_000));
    await item(busy, "too-old", at(-15));
    const first = await digestAt(user.id, T0);
    expect(first.message?.text.match(/Save to stash: http/g)).toHaveLength(50);
    expect(first.message?.text).not.toContain("https://busy-2.example/");
    const second = await digestAt(user.id, at(7));
    expect(second.message?.text).toContain("Nothing new since your last digest, but 3 new items from your feeds.");
    for (const index of [0, 1, 2]) expect(second.message?.text).toContain(`https://busy-${index}.example/`);
    expect(second.message?.text).not.toContain("too-old.example");
  });

  it("lets the items go when the send fails or is skipped, so the next digest carries them", async () => {
    const { user } = await reader();
    await item(await feed(user.id, "Gamma"), "gamma", at(-1));
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: T0 } });
    await enqueueDue(T0);
    const failed = (await claimPending(100)).map((row) => row.id);
    await selectComingBack(failed);
    expect((await deliveries(user.id))[0]?.digestId).toBe(failed[0]);
    await markFailed(failed, "refused");
    expect((await deliveries(user.id))[0]).toMatchObject({ digestId: null, digestedAt: null });

    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: at(0.25) } });
    await enqueueDue(at(0.25));
    const skipped = (await claimPending(100)).map((row) => row.id);
    await selectComingBack(skipped);
    expect((await deliveries(user.id))[0]?.digestId).toBe(skipped[0]);
    await markSkipped(skipped);
    expect((await deliveries(user.id))[0]).toMatchObject({ digestId: null, digestedAt: null });

    const digest = await digestAt(user.id, at(0.5));
    expect(digest.message?.text).toContain("https://gamma.example/post");
    expect((await deliveries(user.id))[0]?.digestedAt).not.toBeNull();
  });

  it("sends the items chosen the first time when a batch is retried", async () => {
    const { user } = await reader();
    const delta = await feed(user.id, "Delta");
    await item(delta, "chosen", at(-1));
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: T0 } });
    await enqueueDue(T0);
    const ids = (await claimPending(100)).map((row) => row.id);
    await selectComingBack(ids);
    // An item comes in before the batch, whose reply was lost, is retried: it waits for the next digest.
    await item(delta, "later", at(-0.5));
    await selectComingBack(ids);
    const result = await dispatchDigests({ now: T0, stallMs: 0 });
    expect(result.sent).toBe(1);
    const message = await getDb().mailboxMessage.findUniqueOrThrow({ where: { idempotencyKey: ids[0] ?? "" } });
    expect(message.text).toContain("https://chosen.example/post");
    expect(message.text).not.toContain("later.example");
    const later = (await deliveries(user.id)).find((row) => row.item.guid === "later");
    expect(later).toMatchObject({ digestId: null, digestedAt: null });
  });

  it("a scheduled digest and Send now at once carry each item once", async () => {
    const { user } = await reader({ digestCursor: new Date(Date.now() - 3 * DAY) });
    const epsilon = await feed(user.id, "Epsilon");
    const now = new Date();
    for (let index = 0; index < 6; index += 1)
      await item(epsilon, `epsilon-${index}`, new Date(now.getTime() - (index + 1) * 60_000));
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: now } });
    const [, sentNow] = await Promise.all([dispatchDigests({ now }), sendDigestNow(user)]);
    const mails = await getDb().mailboxMessage.findMany({ where: { to: user.email } });
    const carried = mails.flatMap((mail) => mail.text.match(/https:\/\/epsilon-\d\.example\/post/g) ?? []);
    // Every item once, in whichever digest took it first.
    expect(carried.sort()).toEqual(Array.from({ length: 6 }, (_, index) => `https://epsilon-${index}.example/post`));
    expect(sentNow.success || mails.length === 1).toBe(true);
    expect((await deliveries(user.id)).every((row) => row.digestedAt !== null)).toBe(true);
  });

  it("Send now sends the items when nothing else is new, and counts them", async () => {
    const { user } = await reader({ digestCursor: null });
    await item(await feed(user.id, "Zeta"), "zeta", new Date(Date.now() - 60_000));
    expect(await sendDigestNow(user)).toEqual({
      success: true,
      message: `Your digest with 1 link was sent to ${user.email}.`,
    });
    const [mail] = await getDb().mailboxMessage.findMany({ where: { to: user.email } });
    expect(mail?.text).toContain("Nothing new saved today, but 1 new item from your feeds.");
    expect(await sendDigestNow(user)).toEqual({ success: false, message: "No links saved today" });
  });
});

describe("Save to stash", () => {
  const fromDigest = (token: string, form = false) =>
    saveFromDigest(
      form
        ? apiRequest("POST", "/api/save-feed-item", {
            body: new URLSearchParams({ token }).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          })
        : apiRequest("POST", "/api/save-feed-item", { json: { token } }),
    );

  it("from the digest's link saves the item once, in its subscription's category", async () => {
    const { user } = await reader();
    await item(await feed(user.id, "Work feed", { category: "Work" }), "eta", at(-1));
    await item(await feed(user.id, "Plain feed"), "theta", at(-1));
    const text = (await digestAt(user.id, T0)).message?.text ?? "";

    const eta = saveToken(text, "https://eta.example/post");
    expect((await fromDigest(eta)).status).toBe(200);
    expect((await fromDigest(eta)).status).toBe(200);
    const form = await fromDigest(saveToken(text, "https://theta.example/post"), true);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toContain("/save-feed-item?token=");

    const links = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { url: "asc" } });
    expect(links.map((link) => [link.url, link.title, link.categories])).toEqual([
      ["https://eta.example/post", "Post eta", ["Work"]],
      ["https://theta.example/post", "Post theta", ["Uncategorized"]],
    ]);
    const rows = await deliveries(user.id);
    expect(rows.map((row) => row.linkId).sort()).toEqual(links.map((link) => link.id).sort());

    expect((await fromDigest(`${eta.slice(0, -2)}xx`)).status).toBe(400);
  });

  it("from the dashboard: lists the owed and digested items not saved, saves one once, 404 for another user's", async () => {
    const { user, cookie } = await reader();
    const iota = await feed(user.id, "Iota");
    const waiting = await item(iota, "waiting", at(-1));
    const digested = await item(iota, "digested", at(-2));
    await getDb().feedDelivery.updateMany({ where: { itemId: digested.id }, data: { digestedAt: new Date() } });
    const old = await item(iota, "long-ago", at(-40));
    await getDb().feedDelivery.updateMany({ where: { itemId: old.id }, data: { digestedAt: at(-39) } });

    const list = await listRoute(apiRequest("GET", "/api/feed-items", { cookie }));
    expect(list.status).toBe(200);
    const listed: { id: string; feed: string; digestedAt: string | null }[] = await list.json();
    expect(listed.map((row) => row.id)).toEqual([waiting.id, digested.id]);
    expect(listed[0]).toMatchObject({ feed: "Iota", digestedAt: null });

    const save = () =>
      saveRoute(apiRequest("POST", `/api/feed-items/${waiting.id}/save`, { cookie }), routeParams({ id: waiting.id }));
    const first = await save();
    expect(first.status).toBe(201);
    const again = await save();
    expect(again.status).toBe(200);
    const [one, two] = [await first.json(), await again.json()];
    expect(two).toMatchObject({ alreadySaved: true, link: { id: one.link.id, url: "https://waiting.example/post" } });
    const after = await (await listRoute(apiRequest("GET", "/api/feed-items", { cookie }))).json();
    expect(after.map((row: { id: string }) => row.id)).toEqual([digested.id]);

    const { cookie: strangerCookie } = await reader();
    const stranger = await saveRoute(
      apiRequest("POST", `/api/feed-items/${digested.id}/save`, { cookie: strangerCookie }),
      routeParams({ id: digested.id }),
    );
    expect(stranger.status).toBe(404);
    expect(await (await listRoute(apiRequest("GET", "/api/feed-items", { cookie: strangerCookie }))).json()).toEqual(
      [],
    );
    const signedOut = await saveRoute(
      apiRequest("POST", `/api/feed-items/${digested.id}/save`),
      routeParams({ id: digested.id }),
    );
    expect(signedOut.status).toBe(401);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });
});
