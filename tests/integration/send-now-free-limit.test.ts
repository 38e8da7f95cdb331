import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_limits";
});

const { POST: sendNow } = await import("@/app/api/digest/send-now/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");
const { MANUAL_DIGEST_CAP_MESSAGE, OUTBOUND_MAIL_LIMITS } = await import("@/lib/mail/outbound-limits");

async function freeUserWithALink() {
  const signed = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
  await getDb().link.create({ data: { userId: signed.user.id, url: "https://example.test/" } });
  return signed;
}

describe("the free manual digest allowance with billing on", () => {
  it("allows one extra digest per local day, then answers success false with an upgrade hint", async () => {
    const { user, cookie } = await freeUserWithALink();
    const first = await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json();
    expect(first.success).toBe(true);
    const second = await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json();
    expect(second.success).toBe(false);
    expect(second.message).toMatch(/one extra digest per day.*Upgrade to Pro/);
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(1);
  });

  it("sends exactly one of ten simultaneous requests", async () => {
    const { user, cookie } = await freeUserWithALink();
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () =>
        (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json(),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(1);
  });

  it("holds Pro users to the hard daily cap all the same", async () => {
    const { user, cookie } = await freeUserWithALink();
    await getDb().user.update({ where: { id: user.id }, data: { proUntil: new Date(Date.now() + 86_400_000) } });
    const cap = OUTBOUND_MAIL_LIMITS.manualDigestsPerAccount.limit;
    for (let i = 0; i < cap; i += 1) {
      expect((await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json()).success).toBe(true);
    }
    const refused = await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate_limited", message: MANUAL_DIGEST_CAP_MESSAGE });
    expect(await getDb().mailboxMessage.count({ where: { to: user.email } })).toBe(cap);
  });

  it("does not hold Pro users to the free allowance", async () => {
    const { user, cookie } = await freeUserWithALink();
    await getDb().user.update({ where: { id: user.id }, data: { proUntil: new Date(Date.now() + 86_400_000) } });
    for (let i = 0; i < 3; i += 1) {
      expect((await (await sendNow(apiRequest("POST", "/api/digest/send-now", { cookie }))).json()).success).toBe(true);
    }
  });
});
