import { render, toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";
import DigestEmail, { type DigestEmailProps } from "@/emails/digest";
import { digestPlainText } from "@/emails/digest-text";
import TestEmail from "@/emails/test-email";

const props: DigestEmailProps = {
  heading: "Your daily digest",
  intro: "You saved 2 links since your last digest.",
  links: [
    {
      title: "A <script>alert(1)</script> & friends",
      url: "https://example.test/articles/one?a=1&b=2",
      shownUrl: "https://example.test/articles/one?a=1&b=2",
      notes: "First line\nSecond line",
      categories: ["Article", "Work"],
      savedAt: "Nov 21, 9:05 AM",
      markReadUrl: "https://links.example.test/mark-read?token=link1.user.sig1",
      excerpt: "What the <article> says, in short.",
      readingMinutes: 7,
      readUrl: "https://links.example.test/read/link1",
    },
    {
      title: null,
      url: "https://video.sample.test/watch/42",
      shownUrl: "https://video.sample.test/watch/42",
      notes: null,
      categories: [],
      savedAt: "Nov 21, 6:18 PM",
      markReadUrl: "https://links.example.test/mark-read?token=link2.user.sig2",
      excerpt: null,
      readingMinutes: null,
      readUrl: "https://links.example.test/read/link2",
    },
  ],
  moreCount: 3,
  dashboardUrl: "https://links.example.test/dashboard",
  historyUrl: "https://links.example.test/history",
  unsubscribeUrl: "https://links.example.test/unsubscribe?token=abc.def",
};

describe("DigestEmail", () => {
  it("lists every link with its title (or URL), notes, categories and saved time", async () => {
    const html = await render(DigestEmail(props));
    expect(html).toContain('href="https://example.test/articles/one?a=1&amp;b=2"');
    expect(html).toContain('href="https://video.sample.test/watch/42"');
    expect(html).toContain("First line<br/>Second line");
    expect(html).toContain(">Article</span>");
    expect(html).toContain(">Work</span>");
    expect(html).toContain("Saved Nov 21, 9:05 AM");
    expect(html).toContain("Saved Nov 21, 6:18 PM");
    expect(html).toContain("Your daily digest");
  });

  it("has a 'Mark as read' link for every link, in the HTML and the plain text", async () => {
    const html = await render(DigestEmail(props));
    const text = digestPlainText(props);
    for (const link of props.links) {
      expect(html).toContain(`<a href="${link.markReadUrl}"`);
      expect(text).toContain(`Mark as read: ${link.markReadUrl}`);
    }
    expect(html.match(/>Mark as read<\/a>/g)).toHaveLength(props.links.length);
  });

  it("shows each link's excerpt, its reading time when known, and a Read link to the reader", async () => {
    const html = await render(DigestEmail(props));
    const text = digestPlainText(props);
    expect(html).toContain("What the &lt;article&gt; says, in short.");
    expect(html).toContain("7 min read");
    expect(html.match(/ min read/g)).toHaveLength(1);
    for (const link of props.links) {
      expect(html).toContain(`<a href="${link.readUrl}"`);
      expect(text).toContain(`Read: ${link.readUrl}`);
    }
    expect(html.match(/>Read<\/a>/g)).toHaveLength(props.links.length);
    expect(text).toContain("Saved Nov 21, 9:05 AM · 7 min read");
    expect(text).toContain("What the <article> says, in short.");
  });

  it("escapes a title containing markup", async () => {
    const html = await render(DigestEmail(props));
    expect(html).not.toContain("<script>");
    expect(html).toContain("A &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends");
  });

  it("links 'and N more' to the history when more links were saved", async () => {
    const html = await render(DigestEmail(props));
    expect(html).toMatch(/<a href="https:\/\/links\.example\.test\/history"[^>]*>and 3 more<\/a>/);
    const without = await render(DigestEmail({ ...props, moreCount: 0 }));
    expect(without).not.toContain("more</a>");
    expect(without).not.toContain('href="https://links.example.test/history"');
  });

  it("has a dashboard button and a visible unsubscribe link", async () => {
    const html = await render(DigestEmail(props));
    expect(html).toMatch(/<a href="https:\/\/links\.example\.test\/dashboard"[^>]*>.*Open your dashboard/s);
    expect(html).toMatch(
      /<a href="https:\/\/links\.example\.test\/unsubscribe\?token=abc\.def"[^>]*>Unsubscribe from digest emails<\/a>/,
    );
  });

  it("has a plain-text version with every URL", async () => {
    const text = toPlainText(await render(DigestEmail(props)));
    for (const url of [
      "https://example.test/articles/one?a=1&b=2",
      "https://video.sample.test/watch/42",
      props.dashboardUrl,
      props.historyUrl,
      props.unsubscribeUrl,
    ]) {
      expect(text).toContain(url);
    }
    expect(text).toContain("and 3 more");
    expect(text).toContain("First line\nSecond line");
    expect(text).toContain("Article Work");
    // Plain text is not HTML: the title reads as typed, and no tag is left.
    expect(text).toContain("A <script>alert(1)</script> & friends");
    expect(text).not.toMatch(/<(a|p|br|span|table|td|div)\b/);
  });

  it("lists an internationalised link once in the plain text, as read: Unicode host, letters unescaped", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const url = "https://xn--bcher-kva.example/d%C3%A9j%C3%A0-vu";
    const link = {
      id: "idn1",
      title: null,
      url,
      notes: null,
      categories: [],
      createdAt: new Date("2026-11-21T09:05:00Z"),
      description: null,
      readingMinutes: null,
    };
    const { text, html } = await composeDigest(
      { id: "user1", email: "reader@example.test", timezone: "UTC" },
      "manual",
      [link, { ...link, id: "idn2", title: "Déjà vu" }],
      2,
    );
    // Untitled: the address is its name, once; titled: under the title, once.
    expect(text.split("bücher.example/déjà-vu")).toHaveLength(3);
    expect(text).toContain("https://bücher.example/déjà-vu\n");
    expect(text).toContain("Déjà vu\nhttps://bücher.example/déjà-vu\n");
    expect(text).not.toContain("xn--");
    expect(text).not.toContain("%C3");
    // The HTML links the stored address and shows the readable one.
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain(">https://bücher.example/déjà-vu<");
  });

  it("says when each link was saved, in the reader's time zone", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const { text } = await composeDigest(
      { id: "user1", email: "reader@example.test", timezone: "Asia/Kathmandu" },
      "scheduled",
      [
        {
          id: "saved1",
          title: "Saved late",
          url: "https://example.test/late",
          notes: null,
          categories: [],
          createdAt: new Date("2026-11-21T20:30:00Z"),
          description: null,
          readingMinutes: null,
        },
      ],
      1,
    );
    expect(text).toContain("Saved Nov 22, 2:15 AM");
  });

  it("renders its preview props", async () => {
    const html = await render(DigestEmail(DigestEmail.PreviewProps));
    expect(html).toContain(`and ${DigestEmail.PreviewProps.moreCount} more`);
  });
});

describe("TestEmail", () => {
  it("says what it is, in HTML and plain text", async () => {
    const html = await render(TestEmail(TestEmail.PreviewProps));
    expect(html).toContain("This is a test email from LinkStash");
    expect(toPlainText(html)).toContain("This is a test email from LinkStash");
  });
});
