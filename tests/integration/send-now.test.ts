import { describe, expect, it } from "vitest";
import { POST as sendNow } from "@/app/api/digest/send-now/route";
import { POST as saveLink } from "@/app/api/links/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, signedInUser } from "@/tests/support/factories";

describe("POST /api/digest/send-now", () => {
  it("emails today's links and answers success with a message", async () => {
    const { user, cookie } = await signedInUser();
    await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test/a", notes: "first" } }));
    await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test/b" } }));
    await getDb().link.create({
      data: { userId: user.id, url: "https://yesterday.example/", createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    const res = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: `Your digest with 2 links was sent to ${user.email}.` });
    const [message, ...rest] = await getDb().mailboxMessage.findMany({ where: { to: user.email } });
    expect(rest).toHaveLength(0);
    expect(message?.text).toContain("https://example.test/a");
    expect(message?.text).toContain("first");
    expect(message?.text).not.toContain("yesterday.example");
    expect(await getDb().digestDelivery.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      kind: "manual",
      status: "sent",
      linkCount: 2,
    });
  });

  it("answers success false with the product's message when nothing was saved today", async () => {
    const { user, cookie } = await signedInUser();
    const res = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: false, message: "No links saved today" });
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(0);
  });

  it("has no daily allowance while billing is off", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test" } }));
    for (let i = 0; i < 3; i += 1) {
      expect((await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json()).success).toBe(true);
    }
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(3);
  });

  it("answers 401 signed out and 403 cross-origin", async () => {
    expect((await sendNow(apiRequest("POST", "/api/digest/send-now"))).status).toBe(401);
    const { cookie } = await signedInUser();
    expect(
      (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie, origin: "https://evil.example" }))).status,
    ).toBe(403);
  });
});
