import { describe, expect, it, vi } from "vitest";
import { POST as createCategoryRoute } from "@/app/api/categories/route";
import { POST as createInvitationRoute } from "@/app/api/invitations/route";
import { POST as saveLinkRoute } from "@/app/api/links/route";
import { CATEGORY_RATE_LIMITED_MESSAGE, CATEGORY_RATE_LIMITS } from "@/lib/categories/service";
import { getDb } from "@/lib/db/client";
import { INVITATION_EMAIL_RATE_LIMITED_MESSAGE, INVITATION_EMAIL_RATE_LIMITS } from "@/lib/invitations/service";
import { LINK_RATE_LIMITED_MESSAGE, LINK_RATE_LIMITS } from "@/lib/links/service";
import { listMailbox } from "@/lib/mail/mailbox";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// Behind two proxies: the client is the second address from the right of X-Forwarded-For (vi.hoisted
// runs before the imports above read the configuration).
vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = "2";
});

// The abuse limits on signed-in actions (link saves, category creation, invitation emails): per user
// and per client address, 429 with Retry-After, and nothing stored beyond the limit. A proxy names
// the client in X-Forwarded-For; without it (as here when no address is given) only the per-user rule applies.

const forwardedFor = (ip?: string): Record<string, string> => (ip ? { "x-forwarded-for": `${ip}, 10.0.0.1` } : {});

const saveLink = (cookie: string, url: string, ip?: string) =>
  saveLinkRoute(apiRequest("POST", "/api/links", { cookie, json: { url }, headers: forwardedFor(ip) }));

const createCategory = (cookie: string, name: string, ip?: string) =>
  createCategoryRoute(apiRequest("POST", "/api/categories", { cookie, json: { name }, headers: forwardedFor(ip) }));

const invite = (cookie: string, json: { recipientEmail?: string }, ip: string) =>
  createInvitationRoute(apiRequest("POST", "/api/invitations", { cookie, json, headers: forwardedFor(ip) }));

const inviteByEmail = (cookie: string, recipientEmail: string, ip: string) => invite(cookie, { recipientEmail }, ip);

const statusCounts = (responses: Response[]) =>
  responses.reduce<Record<number, number>>(
    (counts, res) => ({ ...counts, [res.status]: (counts[res.status] ?? 0) + 1 }),
    {},
  );

async function expectRefused(res: Response, message: string, windowSeconds: number): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({ code: "rate_limited", message });
}

describe("link saves", () => {
  const { perUser, perIp } = LINK_RATE_LIMITS;

  it(`are limited to ${perUser.limit} a minute per user, even when the requests arrive at once`, async () => {
    const { user, cookie } = await signedInUser();
    const responses = await Promise.all(
      Array.from({ length: perUser.limit + 10 }, (_, i) =>
        saveLink(cookie, `example.test/burst/${i}`, "198.51.100.20"),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: perUser.limit, 429: 10 });
    await expectRefused(
      await saveLink(cookie, "example.test/one-more", "198.51.100.21"),
      LINK_RATE_LIMITED_MESSAGE,
      perUser.windowSeconds,
    );
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(perUser.limit);
    // Someone else at the same address saves as usual.
    const other = await signedInUser();
    expect((await saveLink(other.cookie, "example.test/other", "198.51.100.20")).status).toBe(201);
  });

  it(`are limited to ${perIp.limit} a minute per client address`, async () => {
    const ip = "203.0.113.7";
    const users = await Promise.all(Array.from({ length: perIp.limit / perUser.limit }, () => signedInUser()));
    const responses = await Promise.all(
      users.flatMap(({ cookie }, u) =>
        Array.from({ length: perUser.limit }, (_, i) => saveLink(cookie, `example.test/ip/${u}/${i}`, ip)),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: perIp.limit });

    const late = await signedInUser();
    await expectRefused(
      await saveLink(late.cookie, "example.test/late", ip),
      LINK_RATE_LIMITED_MESSAGE,
      perIp.windowSeconds,
    );
    expect(await getDb().link.count({ where: { userId: late.user.id } })).toBe(0);
    expect(await getDb().link.count({ where: { userId: { in: users.map(({ user }) => user.id) } } })).toBe(perIp.limit);
    // The same user from another address is not held back.
    expect((await saveLink(late.cookie, "example.test/late", "198.51.100.4")).status).toBe(201);
    // 1,200 saves: minutes on a busy machine's embedded database.
  }, 300_000);
});

describe("category creation", () => {
  const { perUser, perIp } = CATEGORY_RATE_LIMITS;

  it(`is limited to ${perUser.limit} a minute per user`, async () => {
    const { user, cookie } = await signedInUser();
    const responses = await Promise.all(
      Array.from({ length: perUser.limit + 5 }, (_, i) => createCategory(cookie, `Topic ${i}`, "198.51.100.30")),
    );
    expect(statusCounts(responses)).toEqual({ 201: perUser.limit, 429: 5 });
    await expectRefused(await createCategory(cookie, "One more"), CATEGORY_RATE_LIMITED_MESSAGE, perUser.windowSeconds);
    expect(await getDb().category.count({ where: { userId: user.id } })).toBe(perUser.limit);
  });

  it(`is limited to ${perIp.limit} a minute per client address`, async () => {
    const ip = "203.0.113.8";
    const users = await Promise.all(Array.from({ length: perIp.limit / perUser.limit }, () => signedInUser()));
    const responses = await Promise.all(
      users.flatMap(({ cookie }, u) =>
        Array.from({ length: perUser.limit }, (_, i) => createCategory(cookie, `Topic ${u}-${i}`, ip)),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: perIp.limit });

    const late = await signedInUser();
    await expectRefused(
      await createCategory(late.cookie, "Late", ip),
      CATEGORY_RATE_LIMITED_MESSAGE,
      perIp.windowSeconds,
    );
    expect(await getDb().category.count({ where: { userId: late.user.id } })).toBe(0);
    expect((await createCategory(late.cookie, "Late", "198.51.100.5")).status).toBe(201);
  });
});

describe("invitation emails", () => {
  const { perUser, perIp } = INVITATION_EMAIL_RATE_LIMITS;

  it(`are limited to ${perIp.limit} an hour per client address, across accounts`, async () => {
    const ip = "203.0.113.9";
    const users = await Promise.all(
      Array.from({ length: perIp.limit / perUser.limit }, () => signedInUser({ invitesGranted: 20 })),
    );
    for (const [u, { cookie }] of users.entries()) {
      for (let i = 0; i < perUser.limit; i += 1)
        expect((await inviteByEmail(cookie, `friend-${u}-${i}@example.com`, ip)).status).toBe(201);
    }

    const late = await signedInUser({ invitesGranted: 20 });
    await expectRefused(
      await inviteByEmail(late.cookie, "too-many@example.com", ip),
      INVITATION_EMAIL_RATE_LIMITED_MESSAGE,
      perIp.windowSeconds,
    );
    expect(await listMailbox("too-many@example.com")).toHaveLength(0);
    expect(await getDb().invitation.count({ where: { inviterId: late.user.id } })).toBe(0);

    // An invitation without an email, to share by hand, is still possible from that address, and
    // the email goes out from another one.
    expect((await invite(late.cookie, {}, ip)).status).toBe(201);
    expect((await inviteByEmail(late.cookie, "too-many@example.com", "198.51.100.6")).status).toBe(201);
    expect(await listMailbox("too-many@example.com")).toHaveLength(1);
  });
});
