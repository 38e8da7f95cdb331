import { render, toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";
import DigestEmail, { type DigestEmailProps } from "@/emails/digest";
import { digestPlainText } from "@/emails/digest-text";
import TestEmail from "@/emails/test-email";
import type { DigestContent } from "@/lib/digests/compose";

const props: DigestEmailProps = {
  heading: "Your daily digest",
  intro: "You saved 2 links since your last digest.",
  reminders: [],
  links: [
    {
      title: "A <script>alert(1)</script> & friends",
      url: "https://example.test/articles/one?a=1&b=2",
      shownUrl: "https://example.test/articles/one?a=1&b=2",
      notes: "First line\nSecond line",
      categories: ["Article", "Work"],
      savedAt: "Nov 21, 9:05 AM",
      why: null,
      markReadUrl: "https://links.example.test/mark-read?token=link1.user.sig1",
      snoozeUrl: "https://links.example.test/snooze?token=link1.user.sig3",
      notInterestedUrl: null,
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
      why: null,
      markReadUrl: "https://links.example.test/mark-read?token=link2.user.sig2",
      snoozeUrl: "https://links.example.test/snooze?token=link2.user.sig4",
      notInterestedUrl: null,
      excerpt: null,
      readingMinutes: null,
      readUrl: "https://links.example.test/read/link2",
    },
  ],
  moreCount: 3,
  rediscovered: [],
  progress: null,
  dashboardUrl: "https://links.example.test/dashboard",
  unsubscribeUrl: "https://links.example.test/unsubscribe?token=abc.def",
};

const nothingElse = { reminders: [], rediscovered: [], since: "today", progress: null } as const satisfies Omit<
  DigestContent,
  "links" | "total"
>;

describe("DigestEmail", () => {
  it("ends with last week's highlights when it has some, escaped, each linking to its reader page", async () => {
    const highlights = [
      {
        quote: "The <b>moon</b> pulls & the sea follows",
        note: "Perigee",
        source: "On tides",
        readUrl: "https://links.example.test/read/link1#highlights",
      },
      {
        quote: "Short",
        note: null,
        source: "example.test/x",
        readUrl: "https://links.example.test/read/link2#highlights",
      },
    ];
    const html = await render(DigestEmail({ ...props, highlights }));
    expect(html).toContain("Your highlights this week");
    expect(html).toContain("The &lt;b&gt;moon&lt;/b&gt; pulls &amp; the sea follows");
    expect(html).toContain('href="https://links.example.test/read/link1#highlights"');
    const text = digestPlainText({ ...props, highlights });
    expect(text).toContain(
      'Your highlights this week\n\n"The <b>moon</b> pulls & the sea follows"\nNote: Perigee\nOn tides: https://links.example.test/read/link1#highlights\n\n"Short"\nexample.test/x: https://links.example.test/read/link2#highlights',
    );
    expect(await render(DigestEmail(props))).not.toContain("Your highlights this week");
  });

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

  it("links 'and N more in LinkStash' to the dashboard when more links were saved", async () => {
    const html = await render(DigestEmail(props));
    expect(html).toMatch(/<a href="https:\/\/links\.example\.test\/dashboard"[^>]*>and 3 more in LinkStash<\/a>/);
    const without = await render(DigestEmail({ ...props, moreCount: 0 }));
    expect(without).not.toContain("more in LinkStash");
  });

  it("lists the links past the whole ones on one line each: title and site", async () => {
    const html = await render(
      DigestEmail({
        ...props,
        linksBrief: [
          { title: "Brief & short", url: "https://brief.example.test/a?b=1&c=2", domain: "brief.example.test" },
        ],
      }),
    );
    expect(html).toMatch(/<a href="https:\/\/brief\.example\.test\/a\?b=1&amp;c=2"[^>]*>Brief &amp; short<\/a>/);
    expect(html).toContain("·\u00a0brief.example.test</span>");
  });

  it("shows the unsubscribe link right after the count line, before any link", async () => {
    const html = await render(DigestEmail(props));
    const unsubscribe = html.indexOf(">Unsubscribe from digest emails</a>");
    expect(unsubscribe).toBeGreaterThan(html.indexOf("You saved 2 links"));
    expect(unsubscribe).toBeLessThan(html.indexOf(props.links[0]?.markReadUrl ?? "missing"));
  });

  it("carries dark-mode colours for clients that honour prefers-color-scheme", async () => {
    const html = await render(DigestEmail(props));
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    const dark = html.indexOf("@media (prefers-color-scheme: dark){");
    expect(dark).toBeGreaterThan(-1);
    expect(html.indexOf(".d-tx{color:#f1f5f9!important}")).toBeGreaterThan(dark);
    expect(html).toMatch(/class="d-tx"/);
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
      props.unsubscribeUrl,
    ]) {
      expect(text).toContain(url);
    }
    expect(text).toContain("and 3 more in LinkStash");
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
      { ...nothingElse, links: [link, { ...link, id: "idn2", title: "Déjà vu" }], total: 2 },
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

  it("links a newsletter saved from a mail without a web version to its reader page", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const { mailOnlyUrl } = await import("@/lib/inbound-mail/mail-url");
    const { html, text } = await composeDigest(
      { id: "user1", email: "reader@example.test", timezone: "UTC" },
      "manual",
      {
        ...nothingElse,
        links: [
          {
            id: "mail1",
            title: "The Weekly Letter",
            url: mailOnlyUrl("letters.example", "weekly-2026-11-21"),
            notes: null,
            categories: [],
            createdAt: new Date("2026-11-21T09:05:00Z"),
            description: null,
            readingMinutes: 4,
          },
        ],
        total: 1,
      },
    );
    expect(html).not.toContain("mail.invalid");
    expect(text).not.toContain("mail.invalid");
    expect(html).toMatch(/href="[^"]*\/read\/mail1"/);
  });

  it("says when each link was saved, in the reader's time zone", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const { text } = await composeDigest(
      { id: "user1", email: "reader@example.test", timezone: "Asia/Kathmandu" },
      "scheduled",
      {
        ...nothingElse,
        links: [
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
        total: 1,
      },
    );
    expect(text).toContain("Saved Nov 22, 2:15 AM");
  });

  it("renders its preview props", async () => {
    const html = await render(DigestEmail(DigestEmail.PreviewProps));
    expect(html).toContain(`and ${DigestEmail.PreviewProps.moreCount} more`);
  });
});

describe("a digest with links that come back", () => {
  const link = (id: string, title: string, createdAt: string) => ({
    id,
    title,
    url: `https://example.test/${id}`,
    notes: null,
    categories: [],
    createdAt: new Date(createdAt),
    description: null,
    readingMinutes: null,
  });
  const recipient = { id: "user1", email: "reader@example.test", timezone: "UTC" };
  const reminder = { ...link("due1", "Asked back", "2026-11-05T10:00:00Z"), day: "2026-11-26" };
  const fromStash = { ...link("old1", "A year old", "2025-11-26T10:00:00Z"), day: "2026-11-26" };
  const progress = {
    saved: 12,
    read: 5,
    cameBack: 3,
    windowStart: new Date("2026-11-19T08:00:00Z"),
    windowEnd: new Date("2026-11-26T08:00:00Z"),
  };

  it("puts Back today above the new links and From your stash after them, each saying why", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const { text, html, subject } = await composeDigest(recipient, "scheduled", {
      links: [link("new1", "Fresh", "2026-11-25T10:00:00Z")],
      total: 1,
      reminders: [reminder],
      rediscovered: [fromStash],
      since: "last-digest",
      progress,
    });
    expect(subject).toBe("Your LinkStash digest: 3 links to read");
    expect(text).toContain("Here are 3 links: 1 you saved since your last digest, and 2 that came back.");
    const order = ["Back today", "Asked back", "New links", "Fresh", "From your stash", "A year old"].map((words) =>
      text.indexOf(words),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain("Saved 3 weeks ago");
    expect(text).toContain("Saved a year ago today");
    expect(html).toContain("Back today");
    expect(html).toContain("From your stash");
    expect(text).toContain("This week: 12 saved, 5 read, 3 came back");
    expect(html).toContain("This week: 12 saved, 5 read, 3 came back");
    expect(text.trim().split("\n\n").at(-3)).toBe("This week: 12 saved, 5 read, 3 came back");
  });

  it("offers Mark as read and Snooze a week under every link, Not interested under links from the stash", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const { text, html } = await composeDigest(recipient, "scheduled", {
      links: [link("new1", "Fresh", "2026-11-25T10:00:00Z")],
      total: 1,
      reminders: [reminder],
      rediscovered: [fromStash],
      since: "last-digest",
      progress: null,
    });
    expect(html.match(/>Mark as read<\/a>/g)).toHaveLength(3);
    expect(html.match(/>Snooze a week<\/a>/g)).toHaveLength(3);
    expect(html.match(/>Not interested<\/a>/g)).toHaveLength(1);
    expect(text.match(/^Snooze a week: https?:\/\/\S+\/snooze\?token=\S+$/gm)).toHaveLength(3);
    const notInterested = text.match(/^Not interested: (\S+)$/m)?.[1] ?? "";
    expect(notInterested).toMatch(/\/not-interested\?token=old1\.user1\./);
    // Each action's token is signed for that action: a snooze token does not archive.
    const { verifyEmailActionToken } = await import("@/lib/digests/email-actions");
    const token = new URL(notInterested).searchParams.get("token");
    expect(verifyEmailActionToken("not-interested", token)).toEqual({ linkId: "old1", userId: "user1" });
    expect(verifyEmailActionToken("snooze", token)).toBeNull();
  });

  it("says what came back when nothing is new", async () => {
    const { composeDigest } = await import("@/lib/digests/compose");
    const scheduled = await composeDigest(recipient, "scheduled", {
      links: [],
      total: 0,
      reminders: [reminder],
      rediscovered: [fromStash],
      since: "last-digest",
      progress,
    });
    expect(scheduled.subject).toBe("Your LinkStash digest: 2 links came back");
    expect(scheduled.text).toContain("Nothing new since your last digest, but 2 links came back.");
    expect(scheduled.text).not.toContain("New links");
    const manual = await composeDigest(recipient, "manual", {
      links: [],
      total: 0,
      reminders: [],
      rediscovered: [fromStash],
      since: "today",
      progress: null,
    });
    expect(manual.subject).toBe("Today's stash: 1 link came back");
    expect(manual.text).toContain("Nothing new saved today, but one link came back.");
  });

  it("renders its preview props with every section", async () => {
    const html = await render(DigestEmail(DigestEmail.PreviewProps));
    for (const words of ["Back today", "New links", "From your stash", "Saved a year ago today", "came back"])
      expect(html).toContain(words);
  });
});

describe("TestEmail", () => {
  it("says what it is, in HTML and plain text", async () => {
    const html = await render(TestEmail(TestEmail.PreviewProps));
    expect(html).toContain("This is a test email from LinkStash");
    expect(toPlainText(html)).toContain("This is a test email from LinkStash");
  });
});
