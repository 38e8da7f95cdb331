import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as downloadAttachment } from "@/app/dev/mailbox/[id]/attachments/[attachmentId]/route";
import { POST as sendKindle } from "@/app/api/export/kindle/route";
import { GET as getKindle, PUT as putKindle } from "@/app/api/user/kindle/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { digestBooksSettled } from "@/lib/digests/kindle-books";
import { kindleSender } from "@/lib/epub/kindle-sender";
import { env } from "@/lib/env";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { createDueUsers } from "@/tests/support/digest-fixtures";
import { apiRequest, KINDLE_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";

// Send to Kindle through the local mailbox: the address in Settings, a book on demand, the size
// limit, and the digest's book mailed after the digest.

const origin = `http://${KINDLE_TEST_HOST}`;
// Large images that do not compress: 13 of them make a book over the mail's 25 MB.
const BIG_PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(2 * 1024 * 1024 - 16)]);

let server: Server;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(BIG_PNG));
  const [host, port] = KINDLE_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function linkWithArticle(userId: string, html: string, url = "https://page.example/a") {
  const link = await getDb().link.create({ data: { userId, url, title: "A page to read" } });
  await storeArticle(link, {
    status: "ready",
    title: "A page to read",
    byline: null,
    siteName: null,
    excerpt: null,
    lang: "en",
    dir: null,
    publishedTime: null,
    contentHtml: html,
    textContent: "text",
    wordCount: 100,
    readingMinutes: 1,
    reason: null,
    extractedAt: new Date(),
  });
  return link;
}

describe("the Kindle address in Settings", () => {
  it("takes only a Send to Kindle address and shows the address books come from, the user's own", async () => {
    const { user, cookie } = await signedInUser();
    const wrong = await putKindle(
      apiRequest("PUT", "/api/user/kindle", { cookie, json: { kindleEmail: "me@example.com" } }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toContain("@kindle.com");
    const saved = await putKindle(
      apiRequest("PUT", "/api/user/kindle", {
        cookie,
        json: { kindleEmail: " Me_1@Kindle.com ", kindleWithDigest: true },
      }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      kindleEmail: "me_1@kindle.com",
      kindleWithDigest: true,
      from: kindleSender(env.emailFrom, user.id).address,
    });
    const other = await signedInUser();
    const theirs = await (await getKindle(apiRequest("GET", "/api/user/kindle", { cookie: other.cookie }))).json();
    expect(theirs.from).toBe(kindleSender(env.emailFrom, other.user.id).address);
    expect(theirs.from).not.toBe(kindleSender(env.emailFrom, user.id).address);
    const removed = await putKindle(apiRequest("PUT", "/api/user/kindle", { cookie, json: { kindleEmail: "" } }));
    expect(await removed.json()).toMatchObject({ kindleEmail: null, kindleWithDigest: false });
    expect((await getKindle(apiRequest("GET", "/api/user/kindle"))).status).toBe(401);
  });
});

describe("POST /api/export/kindle", () => {
  it("mails one link's book to the Kindle address, as an EPUB attachment the mailbox keeps", async () => {
    const { user, cookie } = await signedInUser();
    const link = await linkWithArticle(user.id, "<p>Read me on a Kindle.</p>");
    const none = await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }));
    expect(none.status).toBe(409);
    await getDb().user.update({ where: { id: user.id }, data: { kindleEmail: `k-${user.id}@kindle.com` } });

    const res = await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: true, to: `k-${user.id}@kindle.com`, title: "A page to read" });
    const message = await getDb().mailboxMessage.findFirstOrThrow({
      where: { to: `k-${user.id}@kindle.com` },
      include: { attachments: true },
    });
    expect(message.subject).toBe("A page to read");
    expect(message.from).toBe(kindleSender(env.emailFrom, user.id).from);
    const [attachment] = message.attachments;
    expect(attachment).toMatchObject({
      contentType: "application/epub+zip",
      filename: expect.stringMatching(/\.epub$/),
    });
    const download = await downloadAttachment(
      apiRequest("GET", `/dev/mailbox/${message.id}/attachments/${attachment?.id}`),
      routeParams({ id: message.id, attachmentId: attachment?.id ?? "" }),
    );
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(attachment?.size);
    expect(bytes.subarray(30, 38).toString()).toBe("mimetype");
    expect(bytes.toString("latin1")).toContain("application/epub+zip");

    const other = await signedInUser();
    const notMine = await sendKindle(
      apiRequest("POST", "/api/export/kindle", { cookie: other.cookie, json: { link: link.id } }),
    );
    expect([404, 409]).toContain(notMine.status);
    const bad = await sendKindle(
      apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id, to: "x@example.com" } }),
    );
    expect(bad.status).toBe(400);
  });

  it("does not send a book over the mail's size limit, and says so", async () => {
    const { user, cookie } = await signedInUser({ kindleEmail: "big@kindle.com" });
    const images = Array.from({ length: 14 }, (_, i) => `<img src="${origin}/big-${i}.png" alt="Big ${i}">`).join("");
    const link = await linkWithArticle(user.id, `<p>${images}</p>`);
    const res = await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/larger than 25 MB.*Send fewer links/);
    expect(await getDb().mailboxMessage.count({ where: { to: "big@kindle.com" } })).toBe(0);
  });

  it("sends at most 10 books a day per account", async () => {
    const { user, cookie } = await signedInUser({ kindleEmail: "many@kindle.com" });
    const link = await linkWithArticle(user.id, "<p>Again.</p>");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }))).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the digest's book", () => {
  it("is mailed to the Kindle address after the digest, for the users who asked", async () => {
    const due = new Date(Date.now() - 5 * 60_000);
    const [wants, doesNot] = await createDueUsers(2, due, 3, "kindle");
    const reader = await getDb().user.update({
      where: { email: wants },
      data: { kindleEmail: "digest-reader@kindle.com", kindleWithDigest: true },
    });
    await getDb().user.update({ where: { email: doesNot }, data: { kindleEmail: "no-digest@kindle.com" } });
    const result = await dispatchDigests();
    expect(result.failed).toBe(0);
    await digestBooksSettled();
    expect(await getDb().mailboxMessage.count({ where: { to: wants } })).toBe(1);
    const book = await getDb().mailboxMessage.findFirstOrThrow({
      where: { to: "digest-reader@kindle.com" },
      include: { attachments: true },
    });
    expect(book.subject).toMatch(/^LinkStash digest, \d{4}-\d{2}-\d{2}$/);
    expect(book.from).toBe(kindleSender(env.emailFrom, reader.id).from);
    expect(book.attachments[0]?.contentType).toBe("application/epub+zip");
    expect(await getDb().mailboxMessage.count({ where: { to: "no-digest@kindle.com" } })).toBe(0);
  });
});
