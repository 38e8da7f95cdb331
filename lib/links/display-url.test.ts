import { describe, expect, it } from "vitest";
import { displayUrl } from "./display-url";

describe("displayUrl", () => {
  it("shows an internationalised host in its own letters, the rest as stored", () => {
    expect(displayUrl("https://xn--bcher-kva.example/a%20b?q=1")).toBe("https://bücher.example/a%20b?q=1");
    expect(displayUrl("https://xn--80aswg.xn--p1ai/")).toBe("https://сайт.рф/");
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
