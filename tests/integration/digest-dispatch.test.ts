import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CRON_SECRET = "cron-secret-for-tests";
});

const { GET: cron, POST: cronPost } = await import("@/app/api/cron/digests/route");
const { getDb } = await import("@/lib/db/client");
const { dispatchDigests } = await import("@/lib/digests/dispatch");
const { createDueUsers } = await import("@/tests/support/digest-fixtures");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

async function mailboxFor(email: string) {
  return getDb().mailboxMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
}

describe("GET /api/cron/digests", () => {
  it("answers 401 without the bearer secret or with a wrong one", async () => {
    expect((await cron(apiRequest("GET", "/api/cron/digests"))).status).toBe(401);
    const wrong = await cron(apiRequest("GET", "/api/cron/digests", { headers: { authorization: "Bearer nope" } }));
    expect(wrong.status).toBe(401);
    const { cookie } = await signedInUser();
    expect((await cron(apiRequest("GET", "/api/cron/digests", { cookie }))).status).toBe(401);
  });

  it("answers a POST 405 with a JSON error and Allow: GET, sending nothing", async () => {
    await createDueUsers(1, new Date(Date.now() - 60_000));
    const res = await cronPost(apiRequest("POST", "/api/cron/digests"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toEqual({ code: "method_not_allowed", message: "This route answers GET only." });
    expect(await getDb().digestDelivery.count()).toBe(0);
  });

  it("dispatches due digests and answers with counts", async () => {
    const due = new Date(Date.now() - 60_000);
    const emails = await createDueUsers(3, due, 2, "cron");
    const res = await cron(
      apiRequest("GET", "/api/cron/digests", { headers: { authorization: "Bearer cron-secret-for-tests" } }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      due: expect.any(Number),
      sent: expect.any(Number),
      skipped: expect.any(Number),
      failed: 0,
      left: 0,
    });
    expect(body.sent).toBeGreaterThanOrEqual(3);
    for (const email of emails) expect(await mailboxFor(email)).toHaveLength(1);
  });
});

describe("dispatchDigests with the local mailbox", () => {
  it("sends each due user one digest with their new links, newest first, and schedules the next", async () => {
    const due = new Date(Date.now() - 5 * 60_000);
    const [email] = await createDueUsers(1, due, 3, "content");
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const result = await dispatchDigests();
    expect(result.failed).toBe(0);
    const [message, ...rest] = await mailboxFor(user.email);
    expect(rest).toHaveLength(0);
    expect(message?.subject).toBe("Your LinkStash digest: 3 links to read");
    const positions = [0, 1, 2].map((i) => message?.text.indexOf(`https://example.test/${user.id}/${i}`) ?? -1);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(message?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    const after = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.nextDigestAt?.getTime()).toBeGreaterThan(Date.now());
    expect(after.digestCursor).not.toBeNull();
    const delivery = await getDb().digestDelivery.findFirstOrThrow({ where: { userId: user.id } });
    expect(delivery).toMatchObject({ kind: "scheduled", status: "sent", linkCount: 3, slot: due });

    // A second run finds nothing due and sends nothing more.
    await dispatchDigests();
    expect(await mailboxFor(user.email)).toHaveLength(1);
  });

  it("lists 50 links and says how many more", async () => {
    const due = new Date(Date.now() - 60_000);
    const [email] = await createDueUsers(1, due, 53, "many");
    await dispatchDigests();
    const [message] = await mailboxFor(email ?? "");
    expect(message?.text).toContain("and 3 more");
  });

  it("skips a user with nothing new, and the next digest holds only links saved since the last", async () => {
    const due = new Date(Date.now() - 60_000);
    const [email] = await createDueUsers(1, due, 0, "empty");
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const result = await dispatchDigests();
    expect(result.skipped).toBeGreaterThanOrEqual(1);
    expect(await mailboxFor(user.email)).toHaveLength(0);
    expect(await getDb().digestDelivery.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      status: "skipped",
    });

    await getDb().link.create({ data: { userId: user.id, url: "https://fresh.example/" } });
    await getDb().user.update({ where: { id: user.id }, data: { nextDigestAt: new Date(Date.now() - 1000) } });
    await dispatchDigests();
    const [message] = await mailboxFor(user.email);
    expect(message?.text).toContain("https://fresh.example/");
    expect(message?.subject).toBe("Your LinkStash digest: 1 link to read");
  });

  it("sends nothing to a user who unsubscribed after the digest was queued", async () => {
    const due = new Date(Date.now() - 60_000);
    const [email] = await createDueUsers(1, due, 2, "unsub");
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    await getDb().digestDelivery.create({
      data: { userId: user.id, kind: "scheduled", slot: due, windowEnd: new Date() },
    });
    await getDb().user.update({ where: { id: user.id }, data: { emailFrequency: "none", nextDigestAt: null } });
    await dispatchDigests();
    expect(await mailboxFor(user.email)).toHaveLength(0);
  });

  it("catches up a missed run with one digest, not one per missed slot", async () => {
    const due = new Date(Date.now() - 3 * 7 * 86_400_000);
    const [email] = await createDueUsers(1, due, 2, "late");
    await dispatchDigests();
    expect(await mailboxFor(email ?? "")).toHaveLength(1);
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    expect(user.nextDigestAt?.getTime()).toBeGreaterThan(Date.now());
  });
});
