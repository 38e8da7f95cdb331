import { describe, expect, it, vi } from "vitest";
import { GET as addressRoute } from "@/app/api/user/save-address/route";
import { POST as mailgunRoute } from "@/app/api/inbound/mailgun/mime/route";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";
import { deliverMail } from "@/lib/inbound-mail/deliver-mail";
import { mailgunInboundForm, mailgunInboundRequest } from "@/tests/fakes/mailgun-inbound";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// A NUL in a mail (a quoted-printable "=00", an encoded display name, HTML in UTF-16 read as
// UTF-8): PostgreSQL text cannot hold U+0000, so the mail is saved without its NULs (decision
// 0350), never deferred for a retry that would fail the same way. Both ways mail arrives.

const SIGNING_KEY = "mailgun-signing-key-for-the-nul-test";

vi.hoisted(() => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
  process.env.MAILGUN_WEBHOOK_SIGNING_KEY = "mailgun-signing-key-for-the-nul-test";
});

async function saveAddress(cookie: string): Promise<string> {
  const res = await addressRoute(apiRequest("GET", "/api/user/save-address", { cookie }));
  expect(res.status).toBe(200);
  const { address } = (await res.json()) as { address: string };
  return address;
}

const headers = (from: string, to: string, subject: string) => [
  `From: ${from}`,
  `To: ${to}`,
  `Subject: ${subject}`,
  "Date: Fri, 27 Nov 2026 09:00:00 +0000",
  "MIME-Version: 1.0",
];

const links = Array.from({ length: 8 }, (_, i) => `<a href="https://nul.example/${i}">story ${i}</a>`).join(" ");

/** The three mails that held a NUL, from `user` to `to`. */
function nulMails(user: User, to: string): Record<string, string> {
  const utf16Html = Buffer.from(`<html><body><p>Wide text</p>${links}</body></html>`, "utf16le").toString("base64");
  return {
    "a quoted-printable =00 in the text": [
      ...headers(user.email, to, "Worth=00 reading"),
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Read=00 this: https://nul.example/qp",
      "",
    ].join("\r\n"),
    "an encoded display name": [
      ...headers(`=?utf-8?q?Ada=00Lovelace?= <${user.email}>`, to, "Weekly"),
      "Content-Type: text/html; charset=utf-8",
      "",
      `<html><body><p>This week</p>${links}</body></html>`,
      "",
    ].join("\r\n"),
    "HTML in UTF-16 said to be UTF-8": [
      ...headers(user.email, to, "Wide"),
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      utf16Html.replace(/.{76}/g, "$&\r\n"),
      "",
    ].join("\r\n"),
  };
}

/** Everything stored for the user's links and their articles, as one text. */
async function stored(user: User): Promise<string> {
  const saved = await getDb().link.findMany({ where: { userId: user.id }, include: { article: true } });
  return JSON.stringify(saved);
}

describe("a mail holding a NUL", () => {
  it("is saved without it through the delivery the SMTP listener uses", async () => {
    const { user, cookie } = await signedInUser();
    const to = await saveAddress(cookie);
    for (const [name, source] of Object.entries(nulMails(user, to))) {
      const outcome = await deliverMail({ recipient: to, envelopeSender: user.email, source: Buffer.from(source) });
      expect({ name, status: outcome.status }).toEqual({ name, status: "saved" });
    }
    const text = await stored(user);
    expect(text).not.toContain("\\u0000");
    const qp = await getDb().link.findFirstOrThrow({ where: { userId: user.id, url: "https://nul.example/qp" } });
    expect(qp.notes).toBe("Worth=00 reading\n\nRead this:");
    expect(text).toContain("From AdaLovelace");
    expect(text).toContain("Wide text");
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(3);
  });

  it("is saved without it through the Mailgun webhook (200, never a 503 to retry)", async () => {
    const { user, cookie } = await signedInUser();
    const to = await saveAddress(cookie);
    for (const [name, bodyMime] of Object.entries(nulMails(user, to))) {
      const { form } = mailgunInboundForm({ signingKey: SIGNING_KEY, recipient: to, sender: user.email, bodyMime });
      const res = await mailgunRoute(mailgunInboundRequest("http://localhost:3000/api/inbound/mailgun/mime", form));
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
    }
    expect(await stored(user)).not.toContain("\\u0000");
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(3);
  });
});
