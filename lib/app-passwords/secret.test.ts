import { describe, expect, it } from "vitest";
import { appPasswordPrefix, newAppPassword, normalizeAppPassword } from "@/lib/app-passwords/secret";

describe("newAppPassword", () => {
  it("makes four groups of four characters of Crockford's base 32", () => {
    for (let i = 0; i < 50; i++) expect(newAppPassword()).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it("uses every character with the same chance: each byte's value modulo 32", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => (i % 8) * 32 + 31);
    expect(newAppPassword(bytes)).toBe("zzzz-zzzz-zzzz-zzzz");
    expect(newAppPassword(Uint8Array.from({ length: 16 }, (_, i) => i))).toBe("0123-4567-89ab-cdef");
  });

  it("refuses too few random bytes", () => {
    expect(() => newAppPassword(new Uint8Array(15))).toThrow(/16 random bytes/);
  });
});

describe("normalizeAppPassword", () => {
  it("reads what was typed with any case, spaces or dashes", () => {
    expect(normalizeAppPassword("7K2M Q9XD-4hft b3zw")).toBe("7k2mq9xd4hftb3zw");
    expect(normalizeAppPassword(" 7k2mq9xd4hftb3zw ")).toBe("7k2mq9xd4hftb3zw");
  });

  it("reads o as zero and i or l as one", () => {
    expect(normalizeAppPassword("oooo-iiii-llll-OILx")).toBe("000011111111011x");
  });

  it("refuses anything that cannot be an app password", () => {
    expect(normalizeAppPassword("")).toBeNull();
    expect(normalizeAppPassword("7k2m-q9xd-4hft")).toBeNull();
    expect(normalizeAppPassword("7k2m-q9xd-4hft-b3zwa")).toBeNull();
    expect(normalizeAppPassword("7k2m-q9xd-4hft-b3zu")).toBeNull();
    expect(normalizeAppPassword("lsk_abcdefghijklmnop")).toBeNull();
  });

  it("gives back the characters of every password it makes", () => {
    const password = newAppPassword();
    expect(normalizeAppPassword(password)).toBe(password.replaceAll("-", ""));
  });
});

describe("appPasswordPrefix", () => {
  it("is the first group", () => {
    expect(appPasswordPrefix("7k2mq9xd4hftb3zw")).toBe("7k2m");
  });
});
