import { afterAll, describe, expect, it, vi } from "vitest";

// Send to Kindle through Resend (its local fake): the book goes as Resend's wire format has it,
// `attachments: [{ filename, content }]` with the content in base64.
const { fake } = await vi.hoisted(async () => {
  const { startResendFake } = await import("@/tests/fakes/resend-fake");
  const started = await startResendFake();
  process.env.RESEND_API_KEY = "re_test_kindle";
  process.env.RESEND_BASE_URL = started.url;
  process.env.EMAIL_FROM = "LinkStash <books@linkstash.test>";
  return { fake: started };
});

const { POST: sendKindle } = await import("@/app/api/export/kindle/route");
const { getDb } = await import("@/lib/db/client");
const { kindleSender } = await import("@/lib/epub/kindle-sender");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

afterAll(async () => {
  await fake.close();
});

describe("Send to Kindle through Resend", () => {
  it("sends the book as a base64 attachment the provider accepts", async () => {
    const { user, cookie } = await signedInUser({ kindleEmail: "resend-reader@kindle.com" });
    const link = await getDb().link.create({
      data: { userId: user.id, url: "https://page.example/no-article", title: "No article yet" },
    });
    const res = await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }));
    expect(res.status).toBe(200);

    const [email] = fake.sent;
    expect(email?.to).toEqual(["resend-reader@kindle.com"]);
    expect(email?.from).toBe(kindleSender("LinkStash <books@linkstash.test>", user.id).from);
    expect(email?.from).toMatch(/^LinkStash <books\+kindle-[a-z2-7]{10}@linkstash\.test>$/);
    const [attachment] = email?.attachments ?? [];
    expect(attachment?.filename).toMatch(/^linkstash-\d{4}-\d{2}-\d{2}\.epub$/);
    expect(attachment?.content.subarray(30, 38).toString()).toBe("mimetype");
    const request = fake.requests.find((entry) => entry.path === "/emails");
    expect(request?.body).toMatchObject({
      attachments: [{ filename: attachment?.filename, content: attachment?.content.toString("base64") }],
    });
  });

  it("sends two users' books to the same Kindle address from two different senders, each the user's own", async () => {
    const kindle = "shared-reader@kindle.com";
    const senders: string[] = [];
    for (const name of ["first", "second"]) {
      const { user, cookie } = await signedInUser({ kindleEmail: kindle });
      const link = await getDb().link.create({
        data: { userId: user.id, url: `https://page.example/${name}`, title: `Book of the ${name}` },
      });
      const res = await sendKindle(apiRequest("POST", "/api/export/kindle", { cookie, json: { link: link.id } }));
      expect(res.status).toBe(200);
      const email = fake.sent.find((sent) => sent.subject === `Book of the ${name}`);
      expect(email?.to).toEqual([kindle]);
      expect(email?.from).toBe(kindleSender("LinkStash <books@linkstash.test>", user.id).from);
      senders.push(email?.from ?? "");
    }
    expect(new Set(senders).size).toBe(2);
  });
});
