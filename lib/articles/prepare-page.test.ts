import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { applyPageBase, applyPictureSources } from "./prepare-page.mjs";

const PAGE = "https://news.example/2026/story.html";

describe("applyPageBase", () => {
  it("resolves a relative <base> against the page and writes it back absolute", () => {
    const { document } = parseHTML(`<html><head><base href="/static/"></head><body></body></html>`);
    expect(applyPageBase(document, PAGE)).toBe("https://news.example/static/");
    expect(document.querySelector("base")?.getAttribute("href")).toBe("https://news.example/static/");
  });

  it("is the page's own address without a <base>, and drops one that is not http(s)", () => {
    expect(applyPageBase(parseHTML("<html><body></body></html>").document, PAGE)).toBe(PAGE);
    const { document } = parseHTML(`<html><head><base href="javascript:alert(1)"></head></html>`);
    expect(applyPageBase(document, PAGE)).toBe(PAGE);
    expect(document.querySelector("base")).toBeNull();
  });
});

describe("applyPictureSources", () => {
  it("gives a picture's image the source for any viewport, else the first image source", () => {
    const { document } = parseHTML(`<body>
      <picture id="a"><source media="(min-width: 800px)" srcset="wide.jpg"><source srcset="any.webp 1x" type="image/webp"><img alt="a"></picture>
      <picture id="b"><source type="video/mp4" srcset="v.mp4"><source media="(max-width: 10px)" srcset="tiny.jpg"><img></picture>
      <picture id="c"><source srcset="other.jpg"><img srcset="own.jpg 2x"></picture>
    </body>`);
    applyPictureSources(document);
    expect(document.querySelector("#a img")?.getAttribute("srcset")).toBe("any.webp 1x");
    expect(document.querySelector("#b img")?.getAttribute("srcset")).toBe("tiny.jpg");
    expect(document.querySelector("#c img")?.getAttribute("srcset")).toBe("own.jpg 2x");
  });
});
