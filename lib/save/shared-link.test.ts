import { describe, expect, it } from "vitest";
import { firstParam, isUserStartedNavigation, sharedLink } from "./shared-link";

describe("sharedLink", () => {
  it("takes url as the link and the whole text as the note", () => {
    expect(sharedLink({ url: "https://example.com/a", title: " A page ", text: "worth reading" })).toEqual({
      url: "https://example.com/a",
      title: "A page",
      notes: "worth reading",
    });
  });

  it("finds the URL inside text when url is empty (Android), the rest becoming the note", () => {
    expect(sharedLink({ url: "", text: "Look at this - https://example.com/path?q=1 " })).toEqual({
      url: "https://example.com/path?q=1",
      title: null,
      notes: "Look at this",
    });
    expect(sharedLink({ text: "https://example.com/only" })).toEqual({
      url: "https://example.com/only",
      title: null,
      notes: null,
    });
  });

  it("drops punctuation after a URL and picks the first of several", () => {
    expect(sharedLink({ text: "(see https://example.com/x). And http://example.org/y" })?.url).toBe(
      "https://example.com/x",
    );
  });

  it("ignores a url parameter that is not a web address and falls back to text", () => {
    expect(sharedLink({ url: "content://media/1", text: "HTTPS://Example.com/z" })?.url).toBe("HTTPS://Example.com/z");
  });

  it("gives null when nothing shared is a web link", () => {
    expect(sharedLink({})).toBeNull();
    expect(sharedLink({ title: "Just a title", text: "no link here, ftp://example.com" })).toBeNull();
  });
});

describe("firstParam", () => {
  it("reads one value of a search parameter", () => {
    expect(firstParam(undefined)).toBeNull();
    expect(firstParam("a")).toBe("a");
    expect(firstParam(["b", "c"])).toBe("b");
  });
});

describe("isUserStartedNavigation", () => {
  it.each([
    ["none", true],
    ["same-origin", true],
    ["same-site", false],
    ["cross-site", false],
    [null, false],
    ["", false],
  ])("Sec-Fetch-Site %j: %s", (value, expected) => {
    expect(isUserStartedNavigation(value)).toBe(expected);
  });
});
