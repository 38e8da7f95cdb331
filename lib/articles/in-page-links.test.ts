import { describe, expect, it } from "vitest";
import { ID_PREFIX, inPageFragment, inPageHref, linkTargets, namespacedId } from "./in-page-links.mjs";

const PAGE = "https://news.example/2026/story.html?x=1";

describe("namespacedId", () => {
  it("prefixes the article's ids with user-content-", () => {
    expect(ID_PREFIX).toBe("user-content-");
    expect(namespacedId("main")).toBe("user-content-main");
  });
});

describe("inPageFragment", () => {
  it("reads a bare fragment, and the page's own address (or its base's) with one", () => {
    expect(inPageFragment("#cite-1", [PAGE])).toBe("cite-1");
    expect(inPageFragment(" #top ", [PAGE])).toBe("top");
    expect(inPageFragment("https://news.example/2026/story.html?x=1#notes", [PAGE])).toBe("notes");
    expect(inPageFragment("https://cdn.example/base/#intro", [PAGE, "https://cdn.example/base/"])).toBe("intro");
    expect(inPageFragment("https://news.example/2026/story.html?x=1#caf%C3%A9", [PAGE])).toBe("caf%C3%A9");
  });

  it("is null for other pages, an empty fragment and no link", () => {
    expect(inPageFragment("https://news.example/2026/story.html#notes", [PAGE])).toBeNull();
    expect(inPageFragment("https://other.example/#notes", [PAGE])).toBeNull();
    expect(inPageFragment("#", [PAGE])).toBeNull();
    expect(inPageFragment(`${PAGE}#`, [PAGE])).toBeNull();
    expect(inPageFragment("relative#x", [PAGE])).toBeNull();
    expect(inPageFragment(null, [PAGE])).toBeNull();
  });
});

describe("inPageHref", () => {
  const targets = new Set(["notes", "café", "a b"]);

  it("points at the namespaced id when the article holds the target", () => {
    expect(inPageHref("notes", targets)).toBe("#user-content-notes");
    expect(inPageHref("caf%C3%A9", targets)).toBe("#user-content-caf%C3%A9");
    expect(inPageHref("a%20b", targets)).toBe("#user-content-a%20b");
  });

  it("is null when the target is not in the article, or the fragment is not valid percent-encoding", () => {
    expect(inPageHref("elsewhere", targets)).toBeNull();
    expect(inPageHref("%E0%A4%A", targets)).toBeNull();
  });
});

describe("linkTargets", () => {
  it("collects ids and anchors' names of kept elements, not of dropped ones", () => {
    const targets = linkTargets(
      `<h2 id="one">1</h2><a name="two">2</a><p name="not-an-anchor" id="three"></p>
       <script><p id="in-script"></p></script><svg id="unknown-tag"></svg>`,
      ["h2", "a", "p"],
      ["script"],
    );
    expect([...targets].sort()).toEqual(["one", "three", "two"]);
  });
});
