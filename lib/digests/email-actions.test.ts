import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// A known secret and origin, set before lib/env.ts reads the environment at import.
const SECRET = vi.hoisted(() => {
  const secret = "unit-test-secret-0123456789abcdef";
  vi.stubEnv("AUTH_SECRET", secret);
  vi.stubEnv("APP_URL", "https://links.example.com");
  return secret;
});

const { EMAIL_ACTIONS, emailActionToken, emailActionUrl, verifyEmailActionToken } = await import("./email-actions");

const LINK_ID = "cm3x8k2p10000abcdefghijkl";
const USER_ID = "cm3x8k2p10001mnopqrstuvwx";
const OTHER_ID = "cm3x8k2p10002yzabcdefghij";

describe.each(EMAIL_ACTIONS)("%s tokens", (action) => {
  it("round-trips a link and its owner", () => {
    expect(verifyEmailActionToken(action, emailActionToken(action, LINK_ID, USER_ID))).toEqual({
      linkId: LINK_ID,
      userId: USER_ID,
    });
  });

  it("is an HMAC-SHA256 of the action, link and user ids with AUTH_SECRET", () => {
    const mac = createHmac("sha256", SECRET).update(`${action}:${LINK_ID}:${USER_ID}`).digest("base64url");
    expect(emailActionToken(action, LINK_ID, USER_ID)).toBe(`${LINK_ID}.${USER_ID}.${mac}`);
  });

  it("is refused by every other action", () => {
    const token = emailActionToken(action, LINK_ID, USER_ID);
    for (const other of EMAIL_ACTIONS.filter((name) => name !== action))
      expect(verifyEmailActionToken(other, token), other).toBeNull();
  });

  it("refuses a token whose ids or signature were changed", () => {
    const [, , mac] = emailActionToken(action, LINK_ID, USER_ID).split(".");
    expect(verifyEmailActionToken(action, `${OTHER_ID}.${USER_ID}.${mac}`)).toBeNull();
    expect(verifyEmailActionToken(action, `${LINK_ID}.${OTHER_ID}.${mac}`)).toBeNull();
    const flipped = `${mac?.slice(0, -2)}${mac?.endsWith("AA") ? "BB" : "AA"}`;
    expect(verifyEmailActionToken(action, `${LINK_ID}.${USER_ID}.${flipped}`)).toBeNull();
  });

  it("refuses a token signed with another secret", () => {
    const mac = createHmac("sha256", "another-secret-0123456789abcdef")
      .update(`${action}:${LINK_ID}:${USER_ID}`)
      .digest("base64url");
    expect(verifyEmailActionToken(action, `${LINK_ID}.${USER_ID}.${mac}`)).toBeNull();
  });

  it.each([
    undefined,
    null,
    "",
    "garbage",
    "a.b",
    "a.b.c.d",
    `${LINK_ID}.${USER_ID}.`,
    `${LINK_ID}..x`,
    "\u0000.\u0000.\u0000",
    `${"a".repeat(100)}.b.c`,
  ])("refuses %j", (token) => {
    expect(verifyEmailActionToken(action, token)).toBeNull();
  });

  it("refuses a signature with extra characters or a non-canonical last character", () => {
    const token = emailActionToken(action, LINK_ID, USER_ID);
    expect(verifyEmailActionToken(action, `${token}A`)).toBeNull();
    // The 43rd base64url character carries 2 padding bits: another letter decoding to the same bytes is refused.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const alias = alphabet[alphabet.indexOf(token.at(-1) ?? "") ^ 1];
    expect(Buffer.from(`${token.slice(-3, -1)}${alias}`, "base64url")).toEqual(
      Buffer.from(token.slice(-3), "base64url"),
    );
    expect(verifyEmailActionToken(action, `${token.slice(0, -1)}${alias}`)).toBeNull();
  });

  it("builds the action's page address on APP_URL", () => {
    const url = new URL(emailActionUrl(action, LINK_ID, USER_ID));
    expect(url.origin).toBe("https://links.example.com");
    expect(url.pathname).toBe(`/${action}`);
    expect(verifyEmailActionToken(action, url.searchParams.get("token"))).toEqual({
      linkId: LINK_ID,
      userId: USER_ID,
    });
  });
});
