import { describe, expect, it } from "vitest";
import { POST as sendNow } from "@/app/api/digest/send-now/route";
import { PATCH as patchLink } from "@/app/api/links/[id]/route";
import { POST as markRead } from "@/app/api/mark-read/route";
import { getDb } from "@/lib/db/client";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { ALL_READ_MESSAGE } from "@/lib/digests/send-now";
import { emailActionToken } from "@/lib/digests/email-actions";
import { EMAIL_ACTION_GONE_MESSAGE } from "@/lib/digests/email-action-response";
import { emailActionStatus } from "@/lib/digests/email-action-service";
import { EMAIL_ACTION_INVALID_MESSAGE } from "@/lib/digests/schemas";
import { createDueUsers } from "@/tests/support/digest-fixtures";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

const markReadToken = (linkId: string, userId: string) => emailActionToken("mark-read", linkId, userId);
const markReadStatus = (token: string) => emailActionStatus("mark-read", token);

async function dueUserWithLinks(links: number) {
  const [email] = await createDueUsers(1, new Date(Date.now() - 5 * 60_000), links, "read-state");
  const user = await getDb().user.findUniqueOrThrow({ where: { email } });
  const saved = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
  return { user, links: saved };
}

const mailFor = (email: string) =>
  getDb().mailboxMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });

/** The "Mark as read" addresses of a digest's plain-text part, in order. */
function markReadUrls(text: string): string[] {
  return [...text.matchAll(/^Mark as read: (\S+)$/gm)].map((match) => match[1] ?? "");
}

const postToken = (token: unknown, origin?: string | null) =>
  markRead(apiRequest("POST", "/api/mark-read", { json: { token }, origin }));

describe("scheduled digests and read links", () => {
  it("list only unread links, each with its own signed Mark as read link", async () => {
    const { user, links } = await dueUserWithLinks(3);
    const [newest, middle, oldest] = links;
    if (!newest || !middle || !oldest) throw new Error("links not created");
    await getDb().link.update({ where: { id: middle.id }, data: { readAt: new Date() } });

    const result = await dispatchDigests();
    expect(result.failed).toBe(0);
    const [message, ...rest] = await mailFor(user.email);
    expect(rest).toHaveLength(0);
    expect(message?.subject).toBe("Your LinkStash digest: 2 links to read");
    expect(message?.text).toContain(newest.url);
    expect(message?.text).toContain(oldest.url);
    expect(message?.text).not.toContain(middle.url);
    const urls = markReadUrls(message?.text ?? "");
    expect(urls.map((url) => new URL(url).searchParams.get("token"))).toEqual([
      markReadToken(newest.id, user.id),
      markReadToken(oldest.id, user.id),
    ]);
    for (const url of urls) expect(message?.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(await getDb().digestDelivery.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      status: "sent",
      linkCount: 2,
    });
  });

  it("are skipped like 'nothing new' when every link was read before sending", async () => {
    const { user } = await dueUserWithLinks(2);
    await getDb().link.updateMany({ where: { userId: user.id }, data: { readAt: new Date() } });
    await dispatchDigests();
    expect(await mailFor(user.email)).toHaveLength(0);
    expect(await getDb().digestDelivery.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      status: "skipped",
      linkCount: 0,
    });
  });
});

describe("Send Digest Now and read links", () => {
  it("sends only today's unread links", async () => {
    const { user, cookie } = await signedInUser();
    const read = await getDb().link.create({ data: { userId: user.id, url: "https://read.example/" } });
    await getDb().link.create({ data: { userId: user.id, url: "https://unread.example/" } });
    const patched = await patchLink(
      apiRequest("PATCH", `/api/links/${read.id}`, { cookie, json: { read: true } }),
      routeParams({ id: read.id }),
    );
    expect(patched.status).toBe(200);

    const res = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect(await res.json()).toEqual({ success: true, message: `Your digest with 1 link was sent to ${user.email}.` });
    const [message] = await mailFor(user.email);
    expect(message?.text).toContain("https://unread.example/");
    expect(message?.text).not.toContain("https://read.example/");
    expect(markReadUrls(message?.text ?? "")).toHaveLength(1);
  });

  it("sends nothing when every link of today is read", async () => {
    const { user, cookie } = await signedInUser();
    await getDb().link.create({ data: { userId: user.id, url: "https://read.example/", readAt: new Date() } });
    const res = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: false, message: ALL_READ_MESSAGE });
    expect(await mailFor(user.email)).toHaveLength(0);
    expect(await getDb().digestDelivery.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("the digest's Mark as read link", () => {
  it("opens a page that changes nothing; its POST marks the link read, without a session, and the next digest leaves it out", async () => {
    const { user, links } = await dueUserWithLinks(2);
    await dispatchDigests();
    const [message] = await mailFor(user.email);
    const [first] = markReadUrls(message?.text ?? "");
    const token = new URL(first ?? "").searchParams.get("token") ?? "";
    const [newest, older] = links;
    if (!newest || !older) throw new Error("links not created");

    // What the page reads on a GET (and a mail scanner's prefetch): the link, untouched.
    expect(await markReadStatus(token)).toEqual({
      state: "found",
      token,
      title: newest.title,
      url: newest.url,
      done: false,
      comesBackOn: null,
    });
    expect((await getDb().link.findUniqueOrThrow({ where: { id: newest.id } })).readAt).toBeNull();

    const res = await postToken(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const readAt = (await getDb().link.findUniqueOrThrow({ where: { id: newest.id } })).readAt;
    expect(readAt).not.toBeNull();
    expect((await getDb().link.findUniqueOrThrow({ where: { id: older.id } })).readAt).toBeNull();

    // Repeating it is harmless and keeps the first read time.
    expect((await postToken(token)).status).toBe(200);
    expect((await getDb().link.findUniqueOrThrow({ where: { id: newest.id } })).readAt).toEqual(readAt);

    // The next digest (a new link saved since) lists neither the read link nor the ones already sent.
    await getDb().link.create({ data: { userId: user.id, url: "https://later.example/", title: "Later" } });
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: new Date(Date.now() - 1000) } });
    await dispatchDigests();
    const [, second] = await mailFor(user.email);
    expect(second?.text).toContain("https://later.example/");
    expect(second?.text).not.toContain(newest.url);
  });

  it("refuses a bad token with 400 and a deleted link with 404, never a 500", async () => {
    const { user } = await signedInUser();
    const link = await getDb().link.create({ data: { userId: user.id, url: "https://a.example/" } });
    const token = markReadToken(link.id, user.id);
    const other = await signedInUser();
    for (const bad of [
      "",
      "garbage",
      `${token}x`,
      markReadToken(link.id, other.user.id).replace(other.user.id, user.id),
      "\u0000.\u0000.\u0000",
      "a".repeat(600),
    ]) {
      const res = await postToken(bad);
      expect(res.status, bad.slice(0, 40)).toBe(400);
      // Too long a token is refused by the request's schema before its signature is read.
      const code = bad.length > 512 ? "validation_failed" : "invalid_signature";
      expect(await res.json()).toEqual({ code, message: EMAIL_ACTION_INVALID_MESSAGE });
    }
    for (const body of [undefined, 42, null]) expect((await postToken(body)).status).toBe(400);
    expect(await markReadStatus("garbage")).toEqual({ state: "invalid" });
    // A token signed for another user's link does not mark the owner's link.
    expect((await postToken(markReadToken(link.id, other.user.id))).status).toBe(404);
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).readAt).toBeNull();

    await getDb().link.delete({ where: { id: link.id } });
    const gone = await postToken(token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ code: "not_found", message: EMAIL_ACTION_GONE_MESSAGE });
    expect(await markReadStatus(token)).toEqual({ state: "gone" });
  });

  it("refuses a cross-origin POST (only the page posts it)", async () => {
    const { user } = await signedInUser();
    const link = await getDb().link.create({ data: { userId: user.id, url: "https://a.example/" } });
    expect((await postToken(markReadToken(link.id, user.id), "https://evil.example")).status).toBe(403);
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).readAt).toBeNull();
  });
});
