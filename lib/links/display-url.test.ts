import { describe, expect, it } from "vitest";
import { displayHost, displayUrl } from "./display-url";

describe("displayUrl", () => {
  it("shows an internationalised host in its own letters", () => {
    expect(displayUrl("https://xn--bcher-kva.example/a%20b?q=1")).toBe("https://bücher.example/a%20b?q=1");
    expect(displayUrl("https://xn--80aswg.xn--p1ai/")).toBe("https://сайт.рф/");
  });

  it("decodes escaped letters in the path, query and fragment", () => {
    expect(displayUrl("https://xn--bcher-kva.example/d%C3%A9j%C3%A0-vu")).toBe("https://bücher.example/déjà-vu");
    expect(displayUrl("https://example.test/%E6%97%A5%E6%9C%AC?q=%C3%BC#%CE%B1")).toBe(
      "https://example.test/日本?q=ü#α",
    );
  });

  it("keeps the escapes that would change or hide what the address is", () => {
    // A space, a slash, a percent sign, a question mark, a no-break space, a right-to-left override.
    for (const url of [
      "https://example.test/a%20b",
      "https://example.test/a%2Fb",
      "https://example.test/100%25",
      "https://example.test/what%3F",
      "https://example.test/a%C2%A0b",
      "https://example.test/a%E2%80%AEb",
      // Not UTF-8.
      "https://example.test/caf%E9",
    ]) {
      expect(displayUrl(url)).toBe(url);
    }
    expect(displayUrl("https://example.test/%C3%A9%20%C3%A9")).toBe("https://example.test/é%20é");
  });

  it("shows only what parses back to the same address", () => {
    for (const url of [
      "https://xn--bcher-kva.example/d%C3%A9j%C3%A0-vu?x=%C3%BC#%C3%A9",
      "https://example.test/%E6%97%A5",
      "https://xn--80aswg.xn--p1ai/",
    ]) {
      expect(new URL(displayUrl(url)).href).toBe(url);
    }
    // Lower-case escapes would come back upper-case: they stay as stored.
    expect(displayUrl("https://example.test/d%c3%a9")).toBe("https://example.test/d%c3%a9");
  });

  it("leaves plain hosts, and labels mixing Latin with another script, as they are", () => {
    expect(displayUrl("https://example.test/xn--not-a-host")).toBe("https://example.test/xn--not-a-host");
    // "аpple" with a Cyrillic а.
    const mixed = new URL("https://\u0430pple.example/").href;
    expect(mixed).toMatch(/^https:\/\/xn--/);
    expect(displayUrl(mixed)).toBe(mixed);
  });

  it("gives back what is not an address", () => {
    expect(displayUrl("not a url")).toBe("not a url");
  });
});

describe("displayHost", () => {
  it("gives the site of an address as read, without www", () => {
    expect(displayHost("https://www.xn--bcher-kva.example/a?b=1")).toBe("bücher.example");
    expect(displayHost("https://brief.example.test/a?b=1&c=2")).toBe("brief.example.test");
    expect(displayHost("not an address")).toBe("not an address");
  });
});
