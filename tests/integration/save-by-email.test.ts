import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { POST as regenerateRoute } from "@/app/api/user/save-address/regenerate/route";
import { GET as addressRoute, PUT as addressSettingsRoute } from "@/app/api/user/save-address/route";
import { POST as mailgunRoute } from "@/app/api/inbound/mailgun/mime/route";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";
import {
  admitMail,
  deliverMail,
  INBOUND_MAIL_RATE_LIMIT,
  MAX_MAIL_BYTES,
  RATE_LIMITED_MESSAGE,
  TOO_LARGE_MESSAGE,
  UNKNOWN_RECIPIENT_MESSAGE,
} from "@/lib/inbound-mail/deliver-mail";
import { SENDER_NOT_ALLOWED_MESSAGE } from "@/lib/inbound-mail/sender-policy";
import { mailgunInboundForm, mailgunInboundRequest, type MailgunInboundPost } from "@/tests/fakes/mailgun-inbound";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { INBOUND_DOMAIN, plainMail, unknownSaveAddress } from "@/tests/support/inbound-mail";

// Save by email's transport and addressing (docs/decisions/0325-0327): the address API, the one
// delivery function both transports use, and Mailgun's inbound webhook with signed requests.

const SIGNING_KEY = "mailgun-signing-key-for-the-integration-test";

vi.hoisted(() => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-signing-key-for-the-integration-test";
});

type AddressJson = { address: string; fromAnySender: boolean };

async function addressOf(cookie: string): Promise<AddressJson> {
  const res = await addressRoute(apiRequest("GET", "/api/user/save-address", { cookie }));
  expect(res.status).toBe(200);
  return res.json();
}

const linkMail = (from: string, to: string, url: string, text = "") =>
  Buffer.from(plainMail({ from, to, subject: "Worth reading", text: `${url}\n${text}` }));

const linkUrls = async (user: User) =>
  (await getDb().link.findMany({ where: { userId: user.id } })).map((link) => link.url);

describe("GET /api/user/save-address", () => {
  it("makes the caller's private address on first request and keeps it", async () => {
    const { user, cookie } = await signedInUser();
    const first = await addressOf(cookie);
    expect(first).toEqual({
      address: expect.stringMatching(/^[a-z2-7]{26}@save\.linkstash\.test$/),
      fromAnySender: false,
    });
    expect(await addressOf(cookie)).toEqual(first);
    const stored = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(`${stored.saveAddressKey}@${INBOUND_DOMAIN}`).toBe(first.address);
  });

  it("gives two first requests at once one address", async () => {
    const { cookie } = await signedInUser();
    const [a, b] = await Promise.all([addressOf(cookie), addressOf(cookie)]);
    expect(a.address).toBe(b.address);
  });

  it("gives every user an address of their own, and asks a signed-out caller to sign in", async () => {
    const one = await signedInUser();
    const two = await signedInUser();
    expect((await addressOf(one.cookie)).address).not.toBe((await addressOf(two.cookie)).address);
    const res = await addressRoute(apiRequest("GET", "/api/user/save-address"));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthenticated" });
  });
});

describe("POST /api/user/save-address/regenerate", () => {
  it("replaces the address: mail to the old one is refused as unknown, the new one saves", async () => {
    const { user, cookie } = await signedInUser();
    const old = await addressOf(cookie);
    const res = await regenerateRoute(apiRequest("POST", "/api/user/save-address/regenerate", { cookie }));
    expect(res.status).toBe(200);
    const fresh: AddressJson = await res.json();
    expect(fresh.address).not.toBe(old.address);
    expect(await addressOf(cookie)).toEqual(fresh);

    const toOld = await deliverMail({
      recipient: old.address,
      envelopeSender: user.email,
      source: linkMail(user.email, old.address, "https://example.test/old"),
    });
    expect(toOld).toEqual({ status: "refused", reason: "unknown-recipient", message: UNKNOWN_RECIPIENT_MESSAGE });
    const toNew = await deliverMail({
      recipient: fresh.address,
      envelopeSender: user.email,
      source: linkMail(user.email, fresh.address, "https://example.test/new"),
    });
    expect(toNew.status).toBe("saved");
    expect(await linkUrls(user)).toEqual(["https://example.test/new"]);
  });

  it("changes only the caller's address, needs a session and this site's Origin", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const ownerAddress = await addressOf(owner.cookie);
    const res = await regenerateRoute(
      apiRequest("POST", "/api/user/save-address/regenerate", { cookie: other.cookie }),
    );
    expect(res.status).toBe(200);
    expect(await addressOf(owner.cookie)).toEqual(ownerAddress);
    expect((await regenerateRoute(apiRequest("POST", "/api/user/save-address/regenerate"))).status).toBe(401);
    const crossSite = apiRequest("POST", "/api/user/save-address/regenerate", {
      cookie: owner.cookie,
      origin: "https://evil.example",
    });
    expect((await regenerateRoute(crossSite)).status).toBe(403);
    expect(await addressOf(owner.cookie)).toEqual(ownerAddress);
  });
});

describe("PUT /api/user/save-address", () => {
  it("sets whose mail is saved, and refuses anything but a boolean", async () => {
    const { cookie } = await signedInUser();
    const put = (json: unknown) => addressSettingsRoute(apiRequest("PUT", "/api/user/save-address", { cookie, json }));
    const on = await put({ fromAnySender: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ fromAnySender: true });
    expect(await addressOf(cookie)).toMatchObject({ fromAnySender: true });
    const bad = await put({ fromAnySender: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "validation_failed", message: "fromAnySender must be true or false" });
  });
});

describe("deliverMail", () => {
  it("saves the link of a mail from the account's own address, sent to its save address", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const outcome = await deliverMail({
      recipient: address.toUpperCase(),
      envelopeSender: user.email,
      source: linkMail(user.email, address, "https://example.test/by-mail"),
    });
    expect(outcome).toMatchObject({ status: "saved", saved: { kind: "link", created: true } });
    expect(await linkUrls(user)).toEqual(["https://example.test/by-mail"]);
  });

  it("refuses an unknown address, another domain and a non-address without reading the mail", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const key = address.split("@")[0];
    for (const recipient of [unknownSaveAddress(), `${key}@other.example.test`, "postmaster", ""]) {
      const outcome = await deliverMail({
        recipient,
        envelopeSender: user.email,
        source: linkMail(user.email, recipient, "https://example.test/nowhere"),
      });
      expect(outcome, recipient).toEqual({
        status: "refused",
        reason: "unknown-recipient",
        message: UNKNOWN_RECIPIENT_MESSAGE,
      });
    }
    expect(await linkUrls(user)).toEqual([]);
  });

  it("by default refuses a stranger, a forged From, and the address waiting for confirmation", async () => {
    const pending = `pending-${randomBytes(4).toString("hex")}@example.com`;
    const { user, cookie } = await signedInUser({
      pendingEmail: pending,
      pendingEmailExpires: new Date(Date.now() + 3_600_000),
    });
    const { address } = await addressOf(cookie);
    const senders: [string, string][] = [
      ["news@newsletter.example", "bounce@newsletter.example"],
      [user.email, "spoofer@example.org"],
      [pending, pending],
    ];
    for (const [from, envelopeSender] of senders) {
      const outcome = await deliverMail({
        recipient: address,
        envelopeSender,
        source: linkMail(from, address, "https://example.test/x"),
      });
      expect(outcome, `${from} / ${envelopeSender}`).toEqual({
        status: "refused",
        reason: "sender-not-allowed",
        message: SENDER_NOT_ALLOWED_MESSAGE,
      });
    }
    expect(await linkUrls(user)).toEqual([]);
  });

  it("saves a stranger's mail once the user allows any sender", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    await addressSettingsRoute(apiRequest("PUT", "/api/user/save-address", { cookie, json: { fromAnySender: true } }));
    const outcome = await deliverMail({
      recipient: address,
      envelopeSender: "bounce@newsletter.example",
      source: linkMail("news@newsletter.example", address, "https://example.test/from-a-stranger"),
    });
    expect(outcome.status).toBe("saved");
    expect(await linkUrls(user)).toEqual(["https://example.test/from-a-stranger"]);
  });

  it("defers mail past the rate of its address until the window passes", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    for (let i = 0; i < INBOUND_MAIL_RATE_LIMIT.limit; i += 1) expect(await admitMail(user)).toBeNull();
    const outcome = await deliverMail({
      recipient: address,
      envelopeSender: user.email,
      source: linkMail(user.email, address, "https://example.test/one-too-many"),
    });
    expect(outcome).toEqual({
      status: "deferred",
      reason: "limit",
      message: RATE_LIMITED_MESSAGE,
      retryAfterSeconds: expect.any(Number),
    });
    if (outcome.status === "deferred")
      expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(INBOUND_MAIL_RATE_LIMIT.windowSeconds);
    expect(await linkUrls(user)).toEqual([]);
    // Another user's address has its own allowance.
    const other = await signedInUser();
    const otherAddress = (await addressOf(other.cookie)).address;
    const saved = await deliverMail({
      recipient: otherAddress,
      envelopeSender: other.user.email,
      source: linkMail(other.user.email, otherAddress, "https://example.test/other"),
    });
    expect(saved.status).toBe("saved");
  });

  it("refuses a mail over 10 MB, and one with nothing to save, without throwing", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const head = linkMail(user.email, address, "https://example.test/huge");
    const huge = Buffer.concat([head, Buffer.alloc(MAX_MAIL_BYTES + 1 - head.length, "a")]);
    expect(huge.length).toBe(MAX_MAIL_BYTES + 1);
    expect(await deliverMail({ recipient: address, envelopeSender: user.email, source: huge })).toEqual({
      status: "refused",
      reason: "too-large",
      message: TOO_LARGE_MESSAGE,
    });
    const empty = Buffer.from(plainMail({ from: user.email, to: address, subject: "Hello", text: "No link here." }));
    expect(await deliverMail({ recipient: address, envelopeSender: user.email, source: empty })).toMatchObject({
      status: "refused",
      reason: "no-link",
    });
    for (const garbage of [Buffer.alloc(0), randomBytes(4096), Buffer.from("\u0000\r\n\r\n\u0000")]) {
      const outcome = await deliverMail({ recipient: address, envelopeSender: user.email, source: garbage });
      expect(outcome.status).toBe("refused");
    }
    expect(await linkUrls(user)).toEqual([]);
  });
});

describe("POST /api/inbound/mailgun/mime", () => {
  const post = (fields: Omit<MailgunInboundPost, "signingKey"> & { signingKey?: string }) => {
    const { form, signed } = mailgunInboundForm({ signingKey: SIGNING_KEY, ...fields });
    return {
      signed,
      send: () => mailgunRoute(mailgunInboundRequest("http://localhost:3000/api/inbound/mailgun/mime", form)),
    };
  };

  it("saves a signed message (200) and refuses the same request replayed", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const request = post({
      recipient: address,
      sender: user.email,
      bodyMime: linkMail(user.email, address, "https://example.test/via-mailgun").toString("utf8"),
    });
    const res = await request.send();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, saved: "link", linkId: expect.any(String) });
    expect(await linkUrls(user)).toEqual(["https://example.test/via-mailgun"]);

    const replayed = await request.send();
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ code: "invalid_signature", message: "This signature was used before." });
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a forged, another key's, a stale and an unsigned request, saving nothing", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const bodyMime = linkMail(user.email, address, "https://example.test/forged").toString("utf8");
    const base = { recipient: address, sender: user.email, bodyMime };
    const now = Math.floor(Date.now() / 1000);
    const refused: [string, () => Promise<Response>, string][] = [
      ["a forged signature", post({ ...base, signature: "0".repeat(64) }).send, "Invalid signature"],
      ["another key's signature", post({ ...base, signingKey: "another-key" }).send, "Invalid signature"],
      [
        "an hour old",
        post({ ...base, timestamp: now - 3600 }).send,
        "The signature's timestamp is more than 5 minutes from now.",
      ],
      [
        "from the future",
        post({ ...base, timestamp: now + 3600 }).send,
        "The signature's timestamp is more than 5 minutes from now.",
      ],
      [
        "no signature fields",
        () => {
          const form = new FormData();
          form.set("recipient", address);
          form.set("body-mime", bodyMime);
          return mailgunRoute(mailgunInboundRequest("http://localhost:3000/api/inbound/mailgun/mime", form));
        },
        "Invalid signature",
      ],
      [
        "JSON instead of a form",
        () =>
          mailgunRoute(
            new Request("http://localhost:3000/api/inbound/mailgun/mime", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(base),
            }),
          ),
        "Invalid signature",
      ],
    ];
    for (const [label, send, message] of refused) {
      const res = await send();
      expect(res.status, label).toBe(401);
      expect(await res.json(), label).toEqual({ code: "invalid_signature", message });
    }
    expect(await linkUrls(user)).toEqual([]);
  });

  it("answers 406 (Mailgun does not retry) for mail that will never be saved, 429 past the rate", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const unknown = await post({
      recipient: unknownSaveAddress(),
      sender: user.email,
      bodyMime: linkMail(user.email, address, "https://example.test/u").toString("utf8"),
    }).send();
    expect(unknown.status).toBe(406);
    expect(await unknown.json()).toEqual({ code: "mail_refused", message: UNKNOWN_RECIPIENT_MESSAGE });

    const stranger = await post({
      recipient: address,
      sender: "news@newsletter.example",
      bodyMime: linkMail("news@newsletter.example", address, "https://example.test/s").toString("utf8"),
    }).send();
    expect(stranger.status).toBe(406);
    expect(await stranger.json()).toEqual({ code: "mail_refused", message: SENDER_NOT_ALLOWED_MESSAGE });

    const noLink = await post({
      recipient: address,
      sender: user.email,
      bodyMime: plainMail({ from: user.email, to: address, subject: "Hi", text: "Nothing to save." }),
    }).send();
    expect(noLink.status).toBe(406);
    expect(await noLink.json()).toMatchObject({ code: "mail_refused" });

    for (let i = 0; i < INBOUND_MAIL_RATE_LIMIT.limit; i += 1) await admitMail(user);
    const busy = await post({
      recipient: address,
      sender: user.email,
      bodyMime: linkMail(user.email, address, "https://example.test/busy").toString("utf8"),
    }).send();
    expect(busy.status).toBe(429);
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await busy.json()).toEqual({ code: "rate_limited", message: RATE_LIMITED_MESSAGE });
    expect(await linkUrls(user)).toEqual([]);
  });
});
