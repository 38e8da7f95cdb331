import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePunycode } from "./punycode";

describe("decodePunycode", () => {
  it("decodes labels of several scripts", () => {
    expect(decodePunycode("bcher-kva")).toBe("bücher");
    expect(decodePunycode("80aswg")).toBe("сайт");
    expect(decodePunycode("p1ai")).toBe("рф");
    expect(decodePunycode("wgv71a119e")).toBe("日本語");
    expect(decodePunycode("mnchen-3ya")).toBe("münchen");
  });

  it("agrees with the URL parser's encoding, read back", () => {
    for (const label of ["bücher", "déjà-vu", "παράδειγμα", "例え", "ñandú", "straße-x"]) {
      const [ascii = ""] = domainToASCII(`${label}.example`).split(".");
      expect(ascii.startsWith("xn--"), label).toBe(true);
      expect(decodePunycode(ascii.slice(4))).toBe(label);
    }
  });

  it("answers null to what is not punycode", () => {
    expect(decodePunycode("bcher-kv!")).toBeNull();
    expect(decodePunycode("ü-abc")).toBeNull();
    expect(decodePunycode("99999999999999")).toBeNull();
  });
});
