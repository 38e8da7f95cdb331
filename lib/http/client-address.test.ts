import { describe, expect, it } from "vitest";
import { addressSubject, forwardedClientAddress, normaliseAddress } from "./client-address";

describe("normaliseAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:5678", "203.0.113.7"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::FFFF:198.51.100.4", "198.51.100.4"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[::1]", "::1"],
  ])("%s is %s", (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });

  it.each(["", "unknown", "example.com", "1.2.3", "999.1.1.1", "a".repeat(60), "1.2.3.4, 5.6.7.8", "\u0000"])(
    "%j is no address",
    (raw) => {
      expect(normaliseAddress(raw)).toBeNull();
    },
  );
});

describe("forwardedClientAddress", () => {
  it("takes the Nth entry from the right: what the outermost trusted proxy saw", () => {
    const header = "198.51.100.1, 203.0.113.7, 10.0.0.2";
    expect(forwardedClientAddress(header, 1)).toBe("10.0.0.2");
    expect(forwardedClientAddress(header, 2)).toBe("203.0.113.7");
    expect(forwardedClientAddress(header, 3)).toBe("198.51.100.1");
  });

  it("ignores whatever a client wrote left of the trusted entries", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; its one proxy appended the real address.
    expect(forwardedClientAddress("1.1.1.1, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClientAddress("1.1.1.1,2.2.2.2,3.3.3.3, 203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("takes the leftmost entry when there are fewer entries than hops", () => {
    expect(forwardedClientAddress("203.0.113.7", 2)).toBe("203.0.113.7");
  });

  it("knows no address without a header, with no trusted proxy, or from junk", () => {
    expect(forwardedClientAddress(null, 1)).toBeNull();
    expect(forwardedClientAddress("", 1)).toBeNull();
    expect(forwardedClientAddress("203.0.113.7", 0)).toBeNull();
    expect(forwardedClientAddress("1.1.1.1, unknown", 1)).toBeNull();
    expect(forwardedClientAddress(`${"1.1.1.1, ".repeat(500)}203.0.113.7`, 1)).toBeNull();
  });
});

describe("addressSubject", () => {
  it("keeps an IPv4 address", () => {
    expect(addressSubject("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address as its /64, however it is spelled", () => {
    const subject = "2001:db8:1:2::/64";
    expect(addressSubject("2001:db8:1:2::1")).toBe(subject);
    expect(addressSubject("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(subject);
    expect(addressSubject("2001:0db8:0001:0002:0:0:0:9")).toBe(subject);
    expect(addressSubject("2001:db8:1:3::1")).not.toBe(subject);
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
});
