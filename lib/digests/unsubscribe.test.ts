import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// A known secret and origin, set before lib/env.ts reads the environment at import.
const SECRET = vi.hoisted(() => {
  const secret = "unit-test-secret-0123456789abcdef";
  vi.stubEnv("AUTH_SECRET", secret);
  vi.stubEnv("APP_URL", "https://links.example.com");
  return secret;
});

const {
  maskEmail,
  oneClickUnsubscribeUrl,
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} = await import("./unsubscribe");

const USER_ID = "cm3x8k2p10000abcdefghijkl";
const OTHER_ID = "cm3x8k2p10001mnopqrstuvwx";

function flipLastChar(value: string): string {
  const last = value.at(-1);
  return value.slice(0, -1) + (last === "A" ? "B" : "A");
}

describe("unsubscribe tokens", () => {
  it("round-trips a user id", () => {
    expect(verifyUnsubscribeToken(unsubscribeToken(USER_ID))).toBe(USER_ID);
    expect(verifyUnsubscribeToken(unsubscribeToken(OTHER_ID))).toBe(OTHER_ID);
  });

  it("is base64url(userId).base64url(HMAC-SHA256(AUTH_SECRET, 'unsubscribe:' + userId))", () => {
    const expected = createHmac("sha256", SECRET).update(`unsubscribe:${USER_ID}`).digest("base64url");
    expect(unsubscribeToken(USER_ID)).toBe(`${Buffer.from(USER_ID).toString("base64url")}.${expected}`);
    expect(unsubscribeToken(USER_ID)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a tampered signature", () => {
    const [id, signature = ""] = unsubscribeToken(USER_ID).split(".");
    expect(verifyUnsubscribeToken(`${id}.${flipLastChar(signature)}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${id}.${signature.slice(0, -1)}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${id}.`)).toBeNull();
  });

  it("refuses another user's id under a valid signature", () => {
    const [, signature] = unsubscribeToken(USER_ID).split(".");
    expect(verifyUnsubscribeToken(`${Buffer.from(OTHER_ID).toString("base64url")}.${signature}`)).toBeNull();
  });

  it("refuses a token signed with another secret", () => {
    const forged = createHmac("sha256", "some-other-secret-0123456789")
      .update(`unsubscribe:${USER_ID}`)
      .digest("base64url");
    expect(verifyUnsubscribeToken(`${Buffer.from(USER_ID).toString("base64url")}.${forged}`)).toBeNull();
  });

  it("refuses a signature for another purpose", () => {
    const other = createHmac("sha256", SECRET).update(USER_ID).digest("base64url");
    expect(verifyUnsubscribeToken(`${Buffer.from(USER_ID).toString("base64url")}.${other}`)).toBeNull();
  });

  it("accepts only the canonical encoding", () => {
    const token = unsubscribeToken(USER_ID);
    // The last of 43 characters carries 2 unused bits: a different character can decode to the same bytes.
    const last = token.at(-1) ?? "";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[(alphabet.indexOf(last) & ~3) + ((alphabet.indexOf(last) + 1) & 3)] ?? "";
    expect(verifyUnsubscribeToken(token.slice(0, -1) + sibling)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}=`)).toBeNull();
    expect(verifyUnsubscribeToken(` ${token}`)).toBeNull();
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["empty", ""],
    ["a dot", "."],
    ["no dot", "abcdef"],
    ["three parts", `${unsubscribeToken(USER_ID)}.extra`],
    ["standard base64", "a+b/c==.d+e/f=="],
    ["non-UTF-8 id bytes", `${Buffer.from([0xff, 0xfe]).toString("base64url")}.${"A".repeat(43)}`],
    ["very long", `${"a".repeat(5000)}.${"b".repeat(43)}`],
    ["unicode", "ünïcødé.💥"],
  ])("answers null for garbage: %s", (_case, token) => {
    expect(verifyUnsubscribeToken(token)).toBeNull();
  });
});

describe("unsubscribe URLs and headers", () => {
  it("points the visible link at the confirmation page", () => {
    expect(unsubscribeUrl(USER_ID)).toBe(`https://links.example.com/unsubscribe?token=${unsubscribeToken(USER_ID)}`);
  });

  it("points the one-click link at the API", () => {
    expect(oneClickUnsubscribeUrl(USER_ID)).toBe(
      `https://links.example.com/api/unsubscribe?token=${unsubscribeToken(USER_ID)}`,
    );
  });

  it("builds RFC 8058 headers", () => {
    expect(unsubscribeHeaders(USER_ID)).toEqual({
      "List-Unsubscribe": `<https://links.example.com/api/unsubscribe?token=${unsubscribeToken(USER_ID)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("maskEmail", () => {
  it.each([
    ["reader@example.com", "r•••@example.com"],
    ["r@example.com", "r•••@example.com"],
    ["first.last+tag@mail.example.org", "f•••@mail.example.org"],
    ["not-an-address", "•••"],
    ["@example.com", "•••"],
  ])("masks %s as %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
