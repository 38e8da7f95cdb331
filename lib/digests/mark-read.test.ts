import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// A known secret and origin, set before lib/env.ts reads the environment at import.
const SECRET = vi.hoisted(() => {
  const secret = "unit-test-secret-0123456789abcdef";
  vi.stubEnv("AUTH_SECRET", secret);
  vi.stubEnv("APP_URL", "https://links.example.com");
  return secret;
});

const { markReadToken, markReadUrl, verifyMarkReadToken } = await import("./mark-read");

const LINK_ID = "cm3x8k2p10000abcdefghijkl";
const USER_ID = "cm3x8k2p10001mnopqrstuvwx";
const OTHER_ID = "cm3x8k2p10002yzabcdefghij";

describe("mark-read tokens", () => {
  it("round-trips a link and its owner", () => {
    expect(verifyMarkReadToken(markReadToken(LINK_ID, USER_ID))).toEqual({ linkId: LINK_ID, userId: USER_ID });
  });

  it("is an HMAC-SHA256 of the link and user ids with AUTH_SECRET", () => {
    const mac = createHmac("sha256", SECRET).update(`mark-read:${LINK_ID}:${USER_ID}`).digest("base64url");
    expect(markReadToken(LINK_ID, USER_ID)).toBe(`${LINK_ID}.${USER_ID}.${mac}`);
  });

  it("refuses a token whose ids or signature were changed", () => {
    const [, , mac] = markReadToken(LINK_ID, USER_ID).split(".");
    expect(verifyMarkReadToken(`${OTHER_ID}.${USER_ID}.${mac}`)).toBeNull();
    expect(verifyMarkReadToken(`${LINK_ID}.${OTHER_ID}.${mac}`)).toBeNull();
    const flipped = `${mac?.slice(0, -2)}${mac?.endsWith("AA") ? "BB" : "AA"}`;
    expect(verifyMarkReadToken(`${LINK_ID}.${USER_ID}.${flipped}`)).toBeNull();
  });

  it("refuses a token signed with another secret", () => {
    const mac = createHmac("sha256", "another-secret-0123456789abcdef")
      .update(`mark-read:${LINK_ID}:${USER_ID}`)
      .digest("base64url");
    expect(verifyMarkReadToken(`${LINK_ID}.${USER_ID}.${mac}`)).toBeNull();
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
    expect(verifyMarkReadToken(token)).toBeNull();
  });

  it("refuses a signature with extra characters or a non-canonical last character", () => {
    const token = markReadToken(LINK_ID, USER_ID);
    expect(verifyMarkReadToken(`${token}A`)).toBeNull();
    // The 43rd base64url character carries 2 padding bits: another letter decoding to the same bytes is refused.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const alias = alphabet[alphabet.indexOf(token.at(-1) ?? "") ^ 1];
    expect(Buffer.from(`${token.slice(-3, -1)}${alias}`, "base64url")).toEqual(
      Buffer.from(token.slice(-3), "base64url"),
    );
    expect(verifyMarkReadToken(`${token.slice(0, -1)}${alias}`)).toBeNull();
  });

  it("builds the page address on APP_URL", () => {
    const url = new URL(markReadUrl(LINK_ID, USER_ID));
    expect(url.origin).toBe("https://links.example.com");
    expect(url.pathname).toBe("/mark-read");
    expect(verifyMarkReadToken(url.searchParams.get("token"))).toEqual({ linkId: LINK_ID, userId: USER_ID });
  });
});
