import { describe, expect, it } from "vitest";
import { MAX_CATEGORY_NAME_LENGTH, MAX_CATEGORIES_PER_LINK } from "@/lib/categories/rules";
import type { ComeBackLink, DigestContent, DigestLink } from "@/lib/digests/compose";
import { MAX_URL_LENGTH } from "@/lib/links/url";
import { MAX_NOTES_LENGTH, MAX_TITLE_LENGTH } from "@/lib/links/schemas";
import { MAX_DESCRIPTION_LENGTH } from "@/lib/unfurl/parse-metadata";

// Gmail clips a message whose HTML passes 102 KB and hides the rest behind "View entire message":
// the stash's links, the progress line, the footer. Every digest must stay below, however many
// links it holds and however long their fields, and say one count that its list adds up to.

const GMAIL_CLIP_BYTES = 102 * 1024;
const recipient = { id: "user1", email: "reader@example.test", timezone: "UTC" };
const words = (length: number, seed: string) =>
  Array.from({ length: Math.ceil(length / 8) }, (_, i) => `${seed}${i % 10}word`)
    .join(" ")
    .slice(0, length);

function ordinary(i: number): DigestLink {
  return {
    id: `link${i}`,
    title: `An article worth reading, number ${i}`,
    url: `https://news${i % 7}.example.test/2026/11/articles/${i}-an-article-worth-reading?utm_source=feed`,
    notes: i % 3 === 0 ? "Recommended by Sam." : null,
    categories: i % 2 === 0 ? ["Article", "Work"] : [],
    createdAt: new Date(Date.UTC(2026, 10, 25, 8, i % 60)),
    description: "What the page says about itself, in one or two sentences, as its description tag has it.",
    readingMinutes: i % 4 === 0 ? 7 : null,
  };
}

function longest(i: number): DigestLink {
  const url = `https://a-very-long-host-name-${i}.example.test/${"p".repeat(MAX_URL_LENGTH)}`.slice(0, MAX_URL_LENGTH);
  return {
    id: `long${i}`,
    title: words(MAX_TITLE_LENGTH, `t${i}`),
    url,
    notes: `${words(MAX_NOTES_LENGTH / 2, "n")}\n${words(MAX_NOTES_LENGTH / 2 - 1, "m")}`,
    categories: Array.from(
      { length: MAX_CATEGORIES_PER_LINK },
      (_, c) => `${c}${"c".repeat(MAX_CATEGORY_NAME_LENGTH - 1)}`,
    ),
    createdAt: new Date(Date.UTC(2026, 10, 25, 8, i % 60)),
    description: words(MAX_DESCRIPTION_LENGTH, `d${i}`),
    readingMinutes: 42,
  };
}

const back = (link: DigestLink): ComeBackLink => ({
  ...link,
  createdAt: new Date("2025-11-26T10:00:00Z"),
  day: "2026-11-26",
});

const progress = {
  saved: 60,
  read: 5,
  cameBack: 3,
  windowStart: new Date("2026-11-19T08:00:00Z"),
  windowEnd: new Date("2026-11-26T08:00:00Z"),
};

/** The links the mail shows whole, on one line, and the "and N more" it adds. */
function listed(html: string): { whole: number; brief: number; more: number } {
  return {
    whole: html.match(/>Mark as read<\/a>/g)?.length ?? 0,
    brief: html.match(/<span class="d-mu"[^>]*>·\u00a0[^<]*<\/span>/g)?.length ?? 0,
    more: Number(html.match(/>and (\d+) more in LinkStash<\/a>/)?.[1] ?? 0),
  };
}

async function compose(content: DigestContent, kind: "scheduled" | "manual" = "scheduled") {
  const { composeDigest } = await import("@/lib/digests/compose");
  const email = await composeDigest(recipient, kind, content);
  return { ...email, bytes: Buffer.byteLength(email.html, "utf8") };
}

const unsubscribe = /<a href="[^"]*\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe from digest emails<\/a>/;

describe("digest size", () => {
  it("keeps a digest of 60 links under Gmail's clipping size, 20 whole, 30 on one line, and 10 more", async () => {
    const links = Array.from({ length: 60 }, (_, i) => ordinary(i));
    const { html, text, bytes, subject } = await compose({
      links: links.slice(0, 50),
      total: 60,
      reminders: [],
      rediscovered: [back(ordinary(100))],
      since: "last-digest",
      progress,
    });
    expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(html).toMatch(unsubscribe);
    expect(html).toContain("From your stash");
    expect(html).toContain("This week: 60 saved, 5 read, 3 came back");
    expect(html).toContain("Here are 61 links: 60 you saved since your last digest, and 1 that came back.");
    expect(subject).toBe("Your LinkStash digest: 61 links to read");
    const shown = listed(html);
    // 20 whole new links and the one from the stash; the next 30 on one line; the last 10 counted.
    expect(shown).toEqual({ whole: 21, brief: 30, more: 10 });
    expect(shown.whole + shown.brief + shown.more).toBe(61);
    expect(text).toContain("and 10 more in LinkStash: ");
  });

  it("keeps the heaviest digest (every field at its longest, every section full) under it too", async () => {
    const { html, bytes } = await compose({
      links: Array.from({ length: 50 }, (_, i) => longest(i)),
      total: 500,
      reminders: Array.from({ length: 50 }, (_, i) => back(longest(100 + i))),
      rediscovered: Array.from({ length: 5 }, (_, i) => back(longest(200 + i))),
      since: "last-digest",
      progress,
    });
    expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(html).toMatch(unsubscribe);
    expect(html).toContain("From your stash");
    expect(html).toContain("This week: 60 saved, 5 read, 3 came back");
    expect(html).toContain("Here are 555 links: 500 you saved since your last digest, and 55 that came back.");
    const shown = listed(html);
    expect(shown.whole + shown.brief + shown.more).toBe(555);
    // Long fields are cut at a word with an ellipsis: the reader page has the rest.
    expect(html).not.toContain(words(MAX_DESCRIPTION_LENGTH, "d200"));
    expect(html).toMatch(/d200\dword…</);
  });

  it("keeps the heaviest digest under it with 50 feed items at their longest, counting those left out", async () => {
    const url = (i: number) =>
      `https://a-feed-${i}.example.test/${"q".repeat(MAX_URL_LENGTH)}`.slice(0, MAX_URL_LENGTH);
    const feeds = Array.from({ length: 5 }, (_, f) => ({
      sourceId: `source${f}`,
      name: words(MAX_TITLE_LENGTH, `f${f}`),
      items: Array.from({ length: 10 }, (_, i) => ({
        id: `item${f}-${i}`,
        title: words(MAX_TITLE_LENGTH, `i${f}${i}`),
        url: url(f * 10 + i),
      })),
    }));
    const { html, bytes, text } = await compose({
      links: Array.from({ length: 50 }, (_, i) => longest(i)),
      total: 500,
      reminders: Array.from({ length: 50 }, (_, i) => back(longest(100 + i))),
      rediscovered: Array.from({ length: 5 }, (_, i) => back(longest(200 + i))),
      feeds,
      since: "last-digest",
      progress,
    });
    expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(html).toMatch(unsubscribe);
    expect(html).toContain(
      "Here are 555 links: 500 you saved since your last digest, and 55 that came back. Also 50 new items from your feeds.",
    );
    const whole = html.match(/>Mark as read<\/a>/g)?.length ?? 0;
    const feedItems = html.match(/>Save to stash<\/a>/g)?.length ?? 0;
    const brief = (html.match(/<span class="d-mu"[^>]*>·\u00a0[^<]*<\/span>/g)?.length ?? 0) - feedItems;
    const more = Number(html.match(/>and (\d+) more in LinkStash<\/a>/)?.[1] ?? 0);
    expect(whole + brief + feedItems + more).toBe(605);
    expect(text.match(/Save to stash: /g)?.length ?? 0).toBe(feedItems);
  });

  it("lists a few feed items whole, by feed, after the links", async () => {
    const { html, text } = await compose({
      links: [ordinary(1)],
      total: 1,
      reminders: [],
      rediscovered: [],
      feeds: [
        {
          sourceId: "a",
          name: "Small Tools Weekly",
          items: [{ id: "item1", title: "A text editor", url: "https://tools.example.test/editor" }],
        },
      ],
      since: "last-digest",
      progress: null,
    });
    expect(html).toContain("Here is the link you saved since your last digest. Also 1 new item from your feeds.");
    expect(html.indexOf("From your feeds")).toBeGreaterThan(html.indexOf("Mark as read"));
    expect(html).toContain("Small Tools Weekly");
    expect(html).toMatch(/href="http:\/\/localhost:3000\/save-feed-item\?token=item1\.user1\.[\w-]+"/);
    expect(text).toContain("A text editor (tools.example.test): https://tools.example.test/editor");
    expect(html).not.toContain("and 1 more");
  });

  it("lists every link whole when there are few, with no 'and N more'", async () => {
    const { html } = await compose(
      {
        links: Array.from({ length: 5 }, (_, i) => ordinary(i)),
        total: 5,
        reminders: [],
        rediscovered: [],
        since: "today",
        progress: null,
      },
      "manual",
    );
    expect(listed(html)).toEqual({ whole: 5, brief: 0, more: 0 });
    expect(html).toContain("Here are the 5 links you saved today.");
  });

  it("says the count starts at the last scheduled digest for a Send now after one", async () => {
    const { html } = await compose(
      { links: [ordinary(1)], total: 1, reminders: [], rediscovered: [], since: "last-digest", progress: null },
      "manual",
    );
    expect(html).toContain("Here is the link you saved since your last scheduled digest.");
  });
});
