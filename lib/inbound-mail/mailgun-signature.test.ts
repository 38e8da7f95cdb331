import { describe, expect, it } from "vitest";
import { checkMailgunSignature, mailgunSignature, SIGNATURE_FRESHNESS_SECONDS } from "./mailgun-signature";

const KEY = "key-for-the-unit-test";
const now = new Date("2026-11-27T10:00:00Z");
const timestamp = String(now.getTime() / 1000);
const token = "t".repeat(50);

describe("Mailgun's webhook signature", () => {
  it("is the hex HMAC-SHA256 of timestamp + token", () => {
    // Computed independently: printf '%s' "1700000000abc" | openssl dgst -sha256 -hmac key
    expect(mailgunSignature("key", "1700000000", "abc")).toBe(
      "bd2f1af294b8152534265a2dada145799d31c54cb9bab55bf4ea75be1770a0e3",
    );
    expect(mailgunSignature(KEY, timestamp, token)).toMatch(/^[0-9a-f]{64}$/);
    expect(mailgunSignature(KEY, timestamp, token)).not.toBe(mailgunSignature(KEY, `${timestamp}1`, token));
  });

  it("accepts a fresh signature, in either case", () => {
    const signature = mailgunSignature(KEY, timestamp, token);
    expect(checkMailgunSignature(KEY, { timestamp, token, signature }, now)).toBe("valid");
    expect(checkMailgunSignature(KEY, { timestamp, token, signature: signature.toUpperCase() }, now)).toBe("valid");
  });

  it("refuses another key's, a tampered token, and garbage as forged", () => {
    const signature = mailgunSignature("another-key", timestamp, token);
    expect(checkMailgunSignature(KEY, { timestamp, token, signature }, now)).toBe("forged");
    const own = mailgunSignature(KEY, timestamp, token);
    expect(checkMailgunSignature(KEY, { timestamp, token: `${token}x`, signature: own }, now)).toBe("forged");
    expect(checkMailgunSignature(KEY, { timestamp, token, signature: "" }, now)).toBe("forged");
    expect(checkMailgunSignature(KEY, { timestamp, token, signature: "zz" }, now)).toBe("forged");
  });

  it("refuses a signature older or newer than the freshness window as stale", () => {
    for (const shift of [SIGNATURE_FRESHNESS_SECONDS + 1, -(SIGNATURE_FRESHNESS_SECONDS + 1)]) {
      const at = String(Number(timestamp) - shift);
      const signature = mailgunSignature(KEY, at, token);
      expect(checkMailgunSignature(KEY, { timestamp: at, token, signature }, now)).toBe("stale");
    }
    const edge = String(Number(timestamp) - SIGNATURE_FRESHNESS_SECONDS);
    expect(
      checkMailgunSignature(KEY, { timestamp: edge, token, signature: mailgunSignature(KEY, edge, token) }, now),
    ).toBe("valid");
  });
});
