import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findReaderLink } from "@/lib/articles/service";
import { getDb } from "@/lib/db/client";
import { InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import { MAX_MAIL_HTML_CHARS, readInboundMail } from "@/lib/inbound-mail/read-mail";
import { MAX_HTML_DEPTH } from "@/lib/inbound-mail/newsletter-html.mjs";
import { NO_LINK_MESSAGE, saveInboundMail, TOO_DEEP_MESSAGE } from "@/lib/inbound-mail/save-mail";
import { listHistoryPage } from "@/lib/links/service";
import { buildSearchQuery } from "@/lib/links/search";
import { createUser } from "@/tests/support/factories";
import { unsafeParts } from "@/tests/support/unsafe-html";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/inbound-mail");

function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

async function saveFixture(name: string, user?: Awaited<ReturnType<typeof createUser>>) {
  const owner = user ?? (await createUser());
  return { user: owner, saved: await saveInboundMail(owner, await readInboundMail(fixture(name))) };
}

async function rejection(promise: Promise<unknown>): Promise<InboundMailRejected> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof InboundMailRejected)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** A mail with `body` as its HTML part, headers as a newsletter has them. */
function htmlMail(html: string, subject = "Weekly"): Buffer {
  return Buffer.from(
    [
      "From: Bulk <news@bulk.example>",
      "To: save@in.linkstash.test",
      `Subject: ${subject}`,
      "Message-ID: <bomb@bulk.example>",
      "Content-Type: text/html; charset=utf-8",
      "",
      html,
    ].join("\r\n"),
  );
}

describe("a mail with a link", () => {
  it("saves the link of an Apple Mail share, its words as the note and no page fetch skipped", async () => {
    const { saved } = await saveFixture("apple-mail-share.eml");
    expect(saved.kind).toBe("link");
    expect(saved.created).toBe(true);
    expect(saved.link.url).toBe("https://tides.example/how-tides-work");
    expect(saved.link.notes).toBe("How tides work\n\nWorth reading before the trip.");
    expect(await getDb().pageWork.count({ where: { linkId: saved.link.id } })).toBe(1);
  });

  it("saves a Gmail 'Fwd: <url>' with the sender's line as the note, signature and history dropped", async () => {
    const { saved } = await saveFixture("gmail-forward-link.eml");
    expect(saved).toMatchObject({ kind: "link", created: true });
    expect(saved.link.url).toBe("https://garden.example/winter-pruning");
    expect(saved.link.notes).toBe("For the weekend.");
  });

  it("saves a one-line mail's link without the full stop after it, and no note", async () => {
    const { saved } = await saveFixture("one-liner.eml");
    expect(saved.link.url).toBe("https://news.example/2025/12/02/a-story?utm_source=share");
    expect(saved.link.notes).toBeNull();
  });

  it("is one link when the same mail comes twice the same day", async () => {
    const { user, saved } = await saveFixture("apple-mail-share.eml");
    const again = await saveInboundMail(user, await readInboundMail(fixture("apple-mail-share.eml")));
    expect(again).toMatchObject({ kind: "link", created: false });
    expect(again.link.id).toBe(saved.link.id);
  });
});

describe("a forwarded newsletter", () => {
  it("is an item titled by its subject, at its web version, with its article ready and nothing fetched", async () => {
    const { user, saved } = await saveFixture("gmail-forwarded-newsletter.eml");
    expect(saved).toMatchObject({ kind: "newsletter", created: true });
    expect(saved.link.url).toBe("https://tidetable.example/archive/42");
    expect(saved.link.title).toBe("The Tide Table #42: Moons, mudflats and a map");
    expect(saved.link.notes).toBe("Read this one on the train.");
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBe(0);

    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: saved.link.id } });
    expect(article).toMatchObject({
      status: "ready",
      title: "The Tide Table #42: Moons, mudflats and a map",
      byline: "From The Tide Table <hello@tidetable.example>",
      siteName: "The Tide Table",
    });
    const html = article.contentHtml ?? "";
    expect(unsafeParts(html)).toEqual([]);
    expect(html).toContain("the mudflat walkers of the Wadden Sea");
    expect(html).toContain('src="https://cdn.tidetable.example/map.jpg"');
    expect(html).not.toContain("open.tidetable.example");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("this week in tides");
    expect(article.wordCount).toBeGreaterThan(50);
    expect(saved.link.readingMinutes).toBe(article.readingMinutes);

    const query = buildSearchQuery("mudflat");
    if (!query.ok) throw new Error(query.message);
    const page = await listHistoryPage(user, { q: query.tsquery ?? undefined });
    expect(page.links.map((link) => link.id)).toEqual([saved.link.id]);
  });

  it("is one item when forwarded twice the same day", async () => {
    const { user, saved } = await saveFixture("gmail-forwarded-newsletter.eml");
    const again = await saveInboundMail(user, await readInboundMail(fixture("gmail-forwarded-newsletter.eml")));
    expect(again).toMatchObject({ kind: "newsletter", created: false });
    expect(again.link.id).toBe(saved.link.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("without a web version has a stable address of its own that is never fetched, and one item a day", async () => {
    const { user, saved } = await saveFixture("apple-forwarded-newsletter.eml");
    expect(saved.kind).toBe("newsletter");
    expect(isMailOnlyUrl(saved.link.url)).toBe(true);
    expect(saved.link.url).toMatch(/^https:\/\/mail\.invalid\/garden\.example\//);
    expect(saved.link.title).toBe("Garden Notes, December");
    const again = await saveFixture("apple-forwarded-newsletter.eml", user);
    expect(again.saved.link.id).toBe(saved.link.id);
    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: saved.link.id } });
    expect(article.byline).toBe("From Grace's Garden Notes <notes@garden.example>");
  });

  it("reads in the reader with its From, as the reader page asks for it", async () => {
    const { user, saved } = await saveFixture("apple-forwarded-newsletter.eml");
    const found = await findReaderLink(user, saved.link.id);
    expect(found?.article).toMatchObject({
      status: "ready",
      title: "Garden Notes, December",
      byline: "From Grace's Garden Notes <notes@garden.example>",
    });
    expect(found?.article.status === "ready" && found.article.contentHtml).toContain("prune the apple trees");
    const stranger = await createUser();
    expect(await findReaderLink(stranger, saved.link.id)).toBeNull();
  });

  it("saves a real bulk HTML mail sent straight to the address, from its From header", async () => {
    const { saved } = await saveFixture("mailparser-bulk-mail.eml");
    expect(saved.kind).toBe("newsletter");
    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: saved.link.id } });
    expect(article.byline).toBe("From Matilda Klein <noreply@guide-des-vins-de-bourgogne.fr>");
    expect(unsafeParts(article.contentHtml ?? "")).toEqual([]);
    expect(saved.link.notes).toBeNull();
  });
});

/** A real newsletter saved straight from its fixture: its item, its stored article, and a second save. */
async function saveRealNewsletter(name: string) {
  const { user, saved } = await saveFixture(name);
  const article = await getDb().article.findUniqueOrThrow({ where: { linkId: saved.link.id } });
  const again = await saveInboundMail(user, await readInboundMail(fixture(name)));
  return { user, saved, article, html: article.contentHtml ?? "", again };
}

describe("real newsletters from public corpora, sent straight to the address", () => {
  it("saves a Mailchimp newsletter at its web version, without its open-tracking pixel, once a day", async () => {
    const { user, saved, article, html, again } = await saveRealNewsletter("spamscope-mailchimp-newsletter.eml");
    expect(saved).toMatchObject({ kind: "newsletter", created: true });
    expect(saved.link.title).toBe("New Webinar: So, You Have A Disaster... Now What?");
    expect(saved.link.url).toBe(
      "https://mailchi.mp/eb93241944da/learn-how-to-balance-flexibility-in-your-bcp-395229?e=042ea43672",
    );
    expect(saved.link.notes).toBeNull();
    expect(article.byline).toBe("From Continuity Insights <info@continuityinsights.com>");
    expect(unsafeParts(html)).toEqual([]);
    expect(html).not.toContain("track/open.php");
    expect(article.textContent).toContain("walk you through a real-life disaster that impacted a large business");
    expect(again).toMatchObject({ kind: "newsletter", created: false });
    expect(again.link.id).toBe(saved.link.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("saves a French newsletter at the web version its 'ne s'affiche pas correctement' link offers, once a day", async () => {
    const { user, saved, article, html, again } = await saveRealNewsletter("spamscope-french-newsletter.eml");
    expect(saved).toMatchObject({ kind: "newsletter", created: true });
    expect(saved.link.title).toBe("Je prépare mon été zéro complexe !");
    expect(saved.link.url).toBe(
      "https://t2d857ce9.emailsys2a.net/mailing/136/1071579/4531494/9012/cbec6aad81/index.html",
    );
    expect(article.byline).toBe("From Marina de Carlance <contact@carlance.fr>");
    expect(unsafeParts(html)).toEqual([]);
    expect(html).not.toContain("b16ba30df6.gif");
    expect(html).not.toContain("cid:");
    expect(article.textContent).toContain("Offre valable du 8 mars au 8 avril 2017, dans tous les instituts");
    expect(again).toMatchObject({ kind: "newsletter", created: false });
    expect(again.link.id).toBe(saved.link.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it('saves a 2001 table-layout newsletter at the page its "Can\'t read this email? Click here" link gives, once a day', async () => {
    const { user, saved, article, html, again } = await saveRealNewsletter("mail-gem-2001-newsletter.eml");
    expect(saved).toMatchObject({ kind: "newsletter", created: true });
    expect(saved.link.title).toBe("The Original Advantage #e13011");
    expect(saved.link.url).toBe("http://www.provantage.com/scripts/go.dll/e13011_RD/e13011");
    expect(article.byline).toBe("From announcements@provantage.com");
    expect(unsafeParts(html)).toEqual([]);
    expect(html).not.toMatch(/<map|<area/i);
    expect(article.textContent).toContain("lets you share files and a broadband Internet connection");
    expect(article.wordCount).toBeGreaterThan(300);
    expect(again).toMatchObject({ kind: "newsletter", created: false });
    expect(again.link.id).toBe(saved.link.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("bad input", () => {
  it("refuses a mail without a link, with words for the bounce", async () => {
    const user = await createUser();
    const error = await rejection(saveInboundMail(user, await readInboundMail(fixture("no-link.eml"))));
    expect(error.reason).toBe("no-link");
    expect(error.message).toBe(NO_LINK_MESSAGE);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses bytes that are not a mail as malformed", async () => {
    for (const source of [
      Buffer.alloc(0),
      Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]),
      Buffer.from("\r\n\r\nno headers"),
    ]) {
      const error = await rejection(readInboundMail(source));
      expect(error.reason).toBe("malformed");
    }
  });

  it("reads a mail with broken MIME parts as far as it goes, never failing", async () => {
    const source = Buffer.from(
      [
        "From: a@reader.test",
        "Subject: broken",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "Content-Transfer-Encoding: base64",
        "",
        "!!!not base64 https://x.example/",
        "--b",
        "Content-Type: text/html; charset=no-such-charset",
        "",
        "<p>https://y.example/</p>",
      ].join("\r\n"),
    );
    const mail = await readInboundMail(source);
    expect(mail.subject).toBe("broken");
  });

  it("reads past a 10 MB attachment without keeping it, and saves the link", async () => {
    const attachment = Buffer.alloc(10 * 1024 * 1024, 7)
      .toString("base64")
      .replace(/.{76}/g, "$&\r\n");
    const source = Buffer.from(
      [
        "From: Ada <ada@reader.test>",
        "Subject: Slides",
        'Content-Type: multipart/mixed; boundary="part"',
        "",
        "--part",
        "Content-Type: text/plain",
        "",
        "https://talks.example/slides",
        "--part",
        "Content-Type: application/octet-stream",
        'Content-Disposition: attachment; filename="slides.bin"',
        "Content-Transfer-Encoding: base64",
        "",
        attachment,
        "--part--",
      ].join("\r\n"),
    );
    const mail = await readInboundMail(source);
    expect(Object.keys(mail).sort()).toEqual(["date", "from", "messageId", "subject", "verdict"]);
    expect(JSON.stringify(mail).length).toBeLessThan(1000);
    const saved = await saveInboundMail(await createUser(), mail);
    expect(saved.link.url).toBe("https://talks.example/slides");
  });

  it("saves a flood of entities safely, and refuses HTML nested past what a browser builds", async () => {
    const links = Array.from({ length: 10 }, (_, i) => `<a href="https://bomb.example/${i}">link ${i}</a>`).join(" ");
    const entities = `<p>${"&amp;&#x1F600;&lt;&#0;&#xFFFFFF;".repeat(40_000)}</p>`;
    const fine = `${"<div>".repeat(MAX_HTML_DEPTH - 20)}deep${"</div>".repeat(MAX_HTML_DEPTH - 20)}`;
    const mail = await readInboundMail(htmlMail(`<html><body>${links}${fine}${entities}</body></html>`));
    const saved = await saveInboundMail(await createUser(), mail);
    expect(saved.kind).toBe("newsletter");
    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: saved.link.id } });
    expect(article.contentHtml).toContain("deep");
    expect(unsafeParts(article.contentHtml ?? "")).toEqual([]);

    const depth = 100_000;
    const bomb = `<html><body>${links}${"<div><b>".repeat(depth)}deep${"</b></div>".repeat(depth)}</body></html>`;
    const error = await rejection(saveInboundMail(await createUser(), await readInboundMail(htmlMail(bomb))));
    expect(error).toMatchObject({ reason: "malformed", message: TOO_DEEP_MESSAGE });
  });

  it("refuses a newsletter whose HTML is past the limit as too large", async () => {
    const links = Array.from({ length: 10 }, (_, i) => `<a href="https://big.example/${i}">link ${i}</a>`).join(" ");
    const big = `<html><body>${links}<p>${"x".repeat(MAX_MAIL_HTML_CHARS)}</p></body></html>`;
    const error = await rejection(saveInboundMail(await createUser(), await readInboundMail(htmlMail(big))));
    expect(error.reason).toBe("too-large");
  });
});
