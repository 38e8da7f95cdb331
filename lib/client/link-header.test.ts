import { describe, expect, it } from "vitest";
import { nextLinkTarget } from "./link-header";

describe("nextLinkTarget", () => {
  it("reads the history route's header", () => {
    expect(nextLinkTarget('</api/links/history?category=News&cursor=abc>; rel="next"')).toBe(
      "/api/links/history?category=News&cursor=abc",
    );
  });

  it("finds next among several links and relation types", () => {
    expect(nextLinkTarget('</a?x=1,2>; rel="prev", </b>; rel="last next"')).toBe("/b");
    expect(nextLinkTarget("</c>; title=x; rel=next")).toBe("/c");
  });

  it("is null without a next link", () => {
    expect(nextLinkTarget(null)).toBeNull();
    expect(nextLinkTarget("")).toBeNull();
    expect(nextLinkTarget('</a>; rel="prev"')).toBeNull();
    expect(nextLinkTarget("garbage")).toBeNull();
  });
});
