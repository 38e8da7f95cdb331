import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { atomFeed } from "@/lib/feeds/atom";

const at = new Date("2026-11-29T08:00:00Z");

describe("atomFeed", () => {
  const xml = atomFeed({
    id: "tag:stash.example,2026:feed:unread",
    title: "Unread <links> & more",
    self: "https://stash.example/api/feeds/k/unread",
    alternate: "https://stash.example/history?unread=1",
    updated: at,
    entries: [
      {
        id: "tag:stash.example,2026:link:7",
        title: 'A "quoted" title\u0001',
        link: "https://news.example/a?b=1&c=2",
        published: at,
        updated: at,
        summary: "My note <b>",
        contentHtml: "<p>The article &amp; its words</p>",
        categories: ["News", "R&D"],
      },
      {
        id: "tag:stash.example,2026:link:8",
        title: "No note, no article",
        link: "https://news.example/b",
        published: at,
        updated: at,
        summary: null,
        contentHtml: null,
        categories: [],
      },
    ],
  });

  it("writes well-formed XML with every text escaped and characters XML cannot hold dropped", () => {
    const { document } = parseHTML(xml.replace(/^<\?xml[^>]*>/, ""), "text/xml");
    const entries = document.querySelectorAll("entry");
    expect(entries.length).toBe(2);
    expect(document.querySelector("feed > title")?.textContent).toBe("Unread <links> & more");
    expect(entries[0]?.querySelector("title")?.textContent).toBe('A "quoted" title');
    expect(entries[0]?.querySelector("link")?.getAttribute("href")).toBe("https://news.example/a?b=1&c=2");
    expect(entries[0]?.querySelector("content")?.textContent).toBe("<p>The article &amp; its words</p>");
    expect(entries[0]?.querySelector("summary")?.textContent).toBe("My note <b>");
    expect([...(entries[0]?.querySelectorAll("category") ?? [])].map((node) => node.getAttribute("term"))).toEqual([
      "News",
      "R&D",
    ]);
    expect(entries[1]?.querySelector("summary")).toBeNull();
    expect(entries[1]?.querySelector("content")).toBeNull();
  });

  it("has what RFC 4287 requires of a feed: id, title, updated, an author and a self link", () => {
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain("<updated>2026-11-29T08:00:00.000Z</updated>");
    expect(xml).toContain("<author><name>LinkStash</name></author>");
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://stash.example/api/feeds/k/unread"/>',
    );
  });
});
