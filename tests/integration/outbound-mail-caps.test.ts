import { describe, expect, it, vi } from "vitest";
import { POST as sendNowRoute } from "@/app/api/digest/send-now/route";
import { POST as createInvitationRoute } from "@/app/api/invitations/route";
import { POST as testEmailRoute } from "@/app/api/test/email/route";
import { getDb } from "@/lib/db/client";
import { MANUAL_DIGEST_CAP_MESSAGE, OUTBOUND_MAIL_LIMITS, RECIPIENT_CAP_MESSAGE } from "@/lib/mail/outbound-limits";
import { TEST_EMAIL_RATE_LIMITED_MESSAGE, TEST_EMAIL_RATE_LIMITS } from "@/lib/mail/test-email";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// Daily caps on requested mail (decision 0161). Before them: change the email, press Send Digest
// Now, repeat, and the service mailed the attacker's titles, notes and links to any number of
// strangers, with no cap on any plan. Billing is off here (the integration default), where no plan
// limit applies at all.

// Behind one proxy, which names the client in X-Forwarded-For (vi.hoisted runs before the imports
// above read the configuration).
vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = "1";
});

const DAY_SECONDS = 86_400;
const unique = () => Math.random().toString(36).slice(2, 10);

const sendNow = (cookie: string) => sendNowRoute(apiRequest("POST", "/api/digest/send-now", { cookie }));
const invite = (cookie: string, recipientEmail: string) =>
  createInvitationRoute(apiRequest("POST", "/api/invitations", { cookie, json: { recipientEmail } }));
const testEmail = (email: string, ip: string) =>
  testEmailRoute(apiRequest("POST", "/api/test/email", { json: { email }, headers: { "x-forwarded-for": ip } }));
const delivered = (addresses: string[]) => getDb().mailboxMessage.count({ where: { to: { in: addresses } } });

async function expectCapped(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ code: "rate_limited", message });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
}

describe("Send Digest Now", () => {
  const cap = OUTBOUND_MAIL_LIMITS.manualDigestsPerAccount.limit;

  it(`sends at most ${cap} digests a day from one account, whatever address it names (the reported relay)`, async () => {
    const { user, cookie } = await signedInUser();
    await getDb().link.create({ data: { userId: user.id, url: "https://phish.example/login", title: "Your bank" } });
    const strangers: string[] = [];
    for (let i = 0; i < cap; i += 1) {
      const stranger = `stranger-${i}-${unique()}@example.com`;
      strangers.push(stranger);
      await getDb().user.update({ where: { id: user.id }, data: { email: stranger } });
      const res = await sendNow(cookie);
      expect(res.status).toBe(200);
      expect((await res.json()).success).toBe(true);
    }
    const next = `stranger-next-${unique()}@example.com`;
    await getDb().user.update({ where: { id: user.id }, data: { email: next } });
    await expectCapped(await sendNow(cookie), MANUAL_DIGEST_CAP_MESSAGE);
    expect(await delivered([...strangers, next])).toBe(cap);
  });
});

describe("emails one address receives on request", () => {
  const cap = OUTBOUND_MAIL_LIMITS.perRecipient.limit;

  it(`stop at ${cap} a day, however the address is written and whoever asks`, async () => {
    const mailbox = `victim-${unique()}`;
    const variants = Array.from({ length: cap + 3 }, (_, i) => `${mailbox}+${i}@example.com`);
    // Invitation emails are limited per sender too: several senders share the address's allowance.
    const senders = await Promise.all([1, 2, 3].map(() => signedInUser({ invitesGranted: 50 })));
    const statuses: number[] = [];
    for (const [i, address] of variants.slice(0, cap).entries()) {
      const sender = senders[Math.floor(i / 10)];
      if (!sender) throw new Error("not enough senders");
      statuses.push((await invite(sender.cookie, address)).status);
    }
    expect(statuses).toEqual(Array.from({ length: cap }, () => 201));

    const third = senders[2];
    if (!third) throw new Error("not enough senders");
    await expectCapped(await invite(third.cookie, variants[cap] ?? ""), RECIPIENT_CAP_MESSAGE);
    // A refused invitation email costs the sender no invite.
    expect(await getDb().invitation.count({ where: { inviterId: third.user.id } })).toBe(0);
    await expectCapped(await testEmail(`${mailbox}@example.com`, "198.51.100.60"), RECIPIENT_CAP_MESSAGE);

    const owner = await signedInUser({ email: `${mailbox}+own@example.com` });
    await getDb().link.create({ data: { userId: owner.user.id, url: "https://site.example/mine" } });
    await expectCapped(await sendNow(owner.cookie), RECIPIENT_CAP_MESSAGE);
    expect(await delivered([...variants, `${mailbox}@example.com`, owner.user.email])).toBe(cap);
  });
});

describe("the public email test", () => {
  const { limit: daily } = OUTBOUND_MAIL_LIMITS.testEmailsPerClient;
  const { limit: hourly } = TEST_EMAIL_RATE_LIMITS.perIp;

  it(`sends at most ${daily} a day to one client, hour after hour`, async () => {
    const ip = "203.0.113.61";
    let sent = 0;
    // Each hour's allowance, then the hour passes (its counter's window is moved into the past).
    while (sent < daily) {
      for (let i = 0; i < Math.min(hourly, daily - sent); i += 1) {
        expect((await testEmail(`hourly-${sent}-${unique()}@example.com`, ip)).status).toBe(200);
        sent += 1;
      }
      await getDb().rateLimit.updateMany({
        where: { key: `${TEST_EMAIL_RATE_LIMITS.perIp.name}:${ip}` },
        data: { resetAt: new Date(Date.now() - 1000) },
      });
    }
    await expectCapped(await testEmail(`one-more-${unique()}@example.com`, ip), TEST_EMAIL_RATE_LIMITED_MESSAGE);
    // Another client is not held back.
    expect((await testEmail(`other-${unique()}@example.com`, "203.0.113.62")).status).toBe(200);
  });
});
