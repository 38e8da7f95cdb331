import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { GET as addressRoute } from "@/app/api/user/save-address/route";
import { getDb } from "@/lib/db/client";
import { deliverMail } from "@/lib/inbound-mail/deliver-mail";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import { readInboundMail } from "@/lib/inbound-mail/read-mail";
import { saveInboundMail } from "@/lib/inbound-mail/save-mail";
import { isTrackingRedirect } from "@/lib/inbound-mail/tracking-link.mjs";
import { apiRequest, createUser, signedInUser } from "@/tests/support/factories";

// Newsletters saved as a mail client shows them: no forward wrapper, an attached newsletter read,
// and never a click-tracking redirect as their address.

vi.hoisted(() => {
  process.env.INBOUND_EMAIL_DOMAIN = "save.linkstash.test";
});

const FIXTURES = path.join(import.meta.dirname, "../fixtures/inbound-mail");

async function saved(name: string) {
  const user = await createUser();
  const result = await saveInboundMail(user, await readInboundMail(readFileSync(path.join(FIXTURES, name))));
  const article = await getDb().article.findUniqueOrThrow({ where: { linkId: result.link.id } });
  return { result, article, text: article.textContent ?? "", html: article.contentHtml ?? "" };
}

const WRAPPER_TEXT = ["Forwarded message", "Begin forwarded message", "Original Message", "From:", "Sent:", "Subject:"];

function expectNoWrapper(text: string, html: string, note: string) {
  for (const words of WRAPPER_TEXT) {
    expect(text).not.toContain(words);
    expect(html).not.toContain(words);
  }
  expect(text).not.toContain(note);
}

describe("a forwarded newsletter's stored article", () => {
  it("starts at a Gmail forward's newsletter, without the note or the forwarded header", async () => {
    const { result, text, html } = await saved("gmail-forwarded-newsletter.eml");
    expect(result.kind).toBe("newsletter");
    expect(result.link.notes).toBe("Read this one on the train.");
    expectNoWrapper(text, html, "Read this one on the train.");
    expect(text.startsWith("View this email in your browser\nThe Tide Table #42\nGood morning.")).toBe(true);
  });

  it("starts at an Apple Mail forward's newsletter", async () => {
    const { result, text, html } = await saved("apple-forwarded-newsletter.eml");
    expect(result.link.title).toBe("Garden Notes, December");
    expectNoWrapper(text, html, "Begin forwarded");
    expect(text.startsWith("Garden Notes, December\nDecember in the garden")).toBe(true);
    expect(html).not.toContain("<blockquote");
  });

  it("starts after a real Outlook header block, its sender the one in the block and the note kept", async () => {
    const { result, article, text, html } = await saved("talon-outlook-forward-header.eml");
    expect(result.kind).toBe("newsletter");
    expect(result.link.notes).toBe("Hello");
    expect(article.byline).toBe("From xxx@xxx.mailgun.org");
    expectNoWrapper(text, html, "Follow up MIME");
    expect(text.startsWith("Hi dan.le@example.com,\nThe manager's comment:")).toBe(true);
  });
});

/** A plain-text mail from the user with `body`, as a mail client without HTML sends it. */
function textMail(body: string): Buffer {
  return Buffer.from(
    [
      "From: Ada Reader <ada@reader.test>",
      "To: save@in.linkstash.test",
      "Subject: FW: Weekly tides",
      "Message-ID: <text-forward@reader.test>",
      "Content-Type: text/plain; charset=utf-8",
      "",
      body,
    ].join("\r\n"),
  );
}

describe("a forwarded plain-text newsletter's stored article", () => {
  it("starts after Outlook's '-----Original Message-----' header, its links kept", async () => {
    const links = Array.from({ length: 5 }, (_, i) => `Story ${i}: https://tides.example/story/${i}`).join("\r\n");
    const body = [
      "For Friday.",
      "",
      "-----Original Message-----",
      "From: Weekly Tides [mailto:weekly@tides.example]",
      "Sent: Monday, December 1, 2025 7:00 AM",
      "To: Ada Reader",
      "Subject: Weekly tides",
      "",
      "Spring tides this week: the moon is full on Thursday.",
      links,
    ].join("\r\n");
    const user = await createUser();
    const result = await saveInboundMail(user, await readInboundMail(textMail(body)));
    expect(result.kind).toBe("newsletter");
    expect(result.link.notes).toBe("For Friday.");
    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: result.link.id } });
    expect(article.byline).toBe("From Weekly Tides <weekly@tides.example>");
    const text = article.textContent ?? "";
    expectNoWrapper(text, article.contentHtml ?? "", "For Friday.");
    expect(text.startsWith("Spring tides this week")).toBe(true);
    expect(article.contentHtml).toContain('href="https://tides.example/story/4"');
  });
});

describe("a newsletter forwarded as an attachment", () => {
  it("is the attached mail: its subject, its sender, its content; the outer words its note", async () => {
    const { result, article, text } = await saved("attached-newsletter.eml");
    expect(result.kind).toBe("newsletter");
    expect(result.link.title).toBe("The Original Advantage #e13011");
    expect(result.link.notes).toBe("The shop's offers, for the office.");
    expect(result.link.url).toBe("http://www.provantage.com/scripts/go.dll/e13011_RD/e13011");
    expect(article.byline).toBe("From announcements@provantage.com");
    expect(text).toContain("lets you share files and a broadband Internet connection");
    expect(text).not.toContain("The shop's offers");
  });
});

describe("a newsletter whose web version is a tracking redirect", () => {
  it("is saved at the post's own address from List-Post, never at the redirect", async () => {
    const { result, text, html } = await saved("substack-tracking-newsletter.eml");
    expect(result.kind).toBe("newsletter");
    expect(result.link.url).toBe("https://tidewriter.substack.example/p/moons-and-mudflats");
    expect(isTrackingRedirect(result.link.url)).toBe(false);
    expect(html).toContain("Twice a day the water walks out");
    expect(text).toContain("Moons and mudflats");
  });

  it("without a List-Post or post link has its own address that opens in the reader", async () => {
    const source = readFileSync(path.join(FIXTURES, "substack-tracking-newsletter.eml"), "latin1").replace(
      /\r\nList-(Post|URL): <[^>\r\n]*>/g,
      "",
    );
    const user = await createUser();
    const result = await saveInboundMail(user, await readInboundMail(Buffer.from(source, "latin1")));
    expect(isMailOnlyUrl(result.link.url)).toBe(true);
    expect(result.link.url).not.toContain("substack.com");
  });
});

async function addressOf(cookie: string): Promise<{ address: string }> {
  const res = await addressRoute(apiRequest("GET", "/api/user/save-address", { cookie }));
  expect(res.status).toBe(200);
  return res.json();
}

describe("fixtures delivered to a save address, as the mail server hands them over", () => {
  it("saves each forward unwrapped, the attached newsletter as itself, and no tracking redirect", async () => {
    const { user, cookie } = await signedInUser();
    const { address } = await addressOf(cookie);
    const deliver = async (name: string) => {
      // Sent from the account's own address, as the user forwarding it would.
      const source = readFileSync(path.join(FIXTURES, name), "latin1").replaceAll("ada@reader.test", user.email);
      const outcome = await deliverMail({
        recipient: address,
        envelopeSender: user.email,
        source: Buffer.from(source, "latin1"),
      });
      if (outcome.status !== "saved") throw new Error(`${name} was not saved: ${JSON.stringify(outcome)}`);
      const article = await getDb().article.findUniqueOrThrow({ where: { linkId: outcome.saved.link.id } });
      return { link: outcome.saved.link, text: article.textContent ?? "", html: article.contentHtml ?? "" };
    };

    const gmail = await deliver("gmail-forwarded-newsletter.eml");
    expectNoWrapper(gmail.text, gmail.html, "Read this one on the train.");
    expect(gmail.text.startsWith("View this email in your browser")).toBe(true);

    const attached = await deliver("attached-newsletter.eml");
    expect(attached.link.title).toBe("The Original Advantage #e13011");
    expect(attached.link.notes).toBe("The shop's offers, for the office.");

    await getDb().user.update({ where: { id: user.id }, data: { saveMailFromAnySender: true } });
    const substack = await deliver("substack-tracking-newsletter.eml");
    expect(substack.link.url).toBe("https://tidewriter.substack.example/p/moons-and-mudflats");
    expect(substack.text.startsWith("View in browser\nMoons and mudflats")).toBe(true);
  });
});
