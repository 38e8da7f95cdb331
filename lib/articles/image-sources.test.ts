import { describe, expect, it } from "vitest";
import { chooseCandidate, parseSrcset, safeCandidates, secureImageUrl, serializeSrcset } from "./image-sources.mjs";

const BASE = "https://news.example/2026/story.html";

describe("parseSrcset", () => {
  it("reads widths, densities and a bare address (1x), in order", () => {
    expect(parseSrcset("a.jpg 480w, b.jpg 960w,c.jpg")).toEqual([
      { url: "a.jpg", width: 480 },
      { url: "b.jpg", width: 960 },
      { url: "c.jpg", density: 1 },
    ]);
    expect(parseSrcset(" x.png 1.5x ,  y.png 2x ")).toEqual([
      { url: "x.png", density: 1.5 },
      { url: "y.png", density: 2 },
    ]);
  });

  it("keeps commas inside an address, and a trailing comma ends one", () => {
    expect(parseSrcset("https://cdn.example/w_300,h_200/a.jpg 300w, https://cdn.example/b.jpg,c.jpg 2x")).toEqual([
      { url: "https://cdn.example/w_300,h_200/a.jpg", width: 300 },
      { url: "https://cdn.example/b.jpg,c.jpg", density: 2 },
    ]);
    expect(parseSrcset("a.jpg, b.jpg 2x")).toEqual([
      { url: "a.jpg", density: 1 },
      { url: "b.jpg", density: 2 },
    ]);
  });

  it("leaves out candidates with malformed descriptors, and reads nothing from nothing", () => {
    expect(parseSrcset("a.jpg 0w, b.jpg -2x, c.jpg 2q, d.jpg 100w 2x, e.jpg 300w 200h")).toEqual([
      { url: "e.jpg", width: 300 },
    ]);
    expect(parseSrcset("")).toEqual([]);
    expect(parseSrcset(null)).toEqual([]);
    expect(parseSrcset(" , ,")).toEqual([]);
  });
});

describe("secureImageUrl", () => {
  it("resolves against the base and upgrades http to https", () => {
    expect(secureImageUrl("img/a.png", BASE)?.href).toBe("https://news.example/2026/img/a.png");
    expect(secureImageUrl("http://img.example/a.png", BASE)?.href).toBe("https://img.example/a.png");
    expect(secureImageUrl("//img.example/a.png", "http://news.example/")?.href).toBe("https://img.example/a.png");
  });

  it("refuses every other scheme and nothing", () => {
    for (const value of ["data:image/png;base64,AAAA", "javascript:alert(1)", "blob:https://x.example/1", "", "  "])
      expect(secureImageUrl(value, BASE)).toBeNull();
    expect(secureImageUrl(undefined, BASE)).toBeNull();
  });
});

describe("safeCandidates and serializeSrcset", () => {
  it("keeps only https candidates the caller allows, absolute", () => {
    const candidates = safeCandidates(
      "small.jpg 320w, http://img.example/m.jpg 640w, data:image/gif;base64,R0 1w, https://app.example/x.png 800w",
      BASE,
      (url) => url.hostname !== "app.example",
    );
    expect(candidates).toEqual([
      { url: "https://news.example/2026/small.jpg", width: 320 },
      { url: "https://img.example/m.jpg", width: 640 },
    ]);
    expect(serializeSrcset(candidates)).toBe(
      "https://news.example/2026/small.jpg 320w, https://img.example/m.jpg 640w",
    );
    expect(serializeSrcset(safeCandidates("a.png, b.png 2x", BASE))).toBe(
      "https://news.example/2026/a.png 1x, https://news.example/2026/b.png 2x",
    );
  });
});

describe("chooseCandidate", () => {
  it("takes the widest candidate that fits the column at 2x, else the narrowest", () => {
    const w = (width: number) => ({ url: `${width}.jpg`, width });
    expect(chooseCandidate([w(320), w(1600), w(1024), w(3000)])?.url).toBe("1600.jpg");
    expect(chooseCandidate([w(4000), w(2400)])?.url).toBe("2400.jpg");
  });

  it("with densities only, takes the largest up to 2x, else the smallest", () => {
    const x = (density: number) => ({ url: `${density}x.jpg`, density });
    expect(chooseCandidate([x(1), x(3), x(2)])?.url).toBe("2x.jpg");
    expect(chooseCandidate([x(4), x(3)])?.url).toBe("3x.jpg");
  });

  it("prefers width candidates to density ones, and has nothing to choose from nothing", () => {
    expect(
      chooseCandidate([
        { url: "d.jpg", density: 2 },
        { url: "w.jpg", width: 800 },
      ])?.url,
    ).toBe("w.jpg");
    expect(chooseCandidate([])).toBeNull();
  });
});
