import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// A known secret, set before lib/env.ts reads the environment at import.
const SECRET = vi.hoisted(() => {
  const secret = "unit-test-secret-0123456789abcdef";
  vi.stubEnv("AUTH_SECRET", secret);
  return secret;
});

const { isSaveKey, saveKey } = await import("./save-key");

const USER_ID = "cm3x8k2p10001mnopqrstuvwx";
const OTHER_ID = "cm3x8k2p10002yzabcdefghij";

describe("save keys", () => {
  it("is an HMAC-SHA256 of the user id with AUTH_SECRET", () => {
    expect(saveKey(USER_ID)).toBe(createHmac("sha256", SECRET).update(`save-key:${USER_ID}`).digest("base64url"));
    expect(isSaveKey(USER_ID, saveKey(USER_ID))).toBe(true);
  });

  it("is refused for another user, changed, cut, missing or not in canonical form", () => {
    const key = saveKey(USER_ID);
    expect(isSaveKey(OTHER_ID, key)).toBe(false);
    expect(isSaveKey(USER_ID, saveKey(OTHER_ID))).toBe(false);
    expect(isSaveKey(USER_ID, `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(isSaveKey(USER_ID, key.slice(0, -1))).toBe(false);
    expect(isSaveKey(USER_ID, `${key}=`)).toBe(false);
    expect(isSaveKey(USER_ID, "")).toBe(false);
    expect(isSaveKey(USER_ID, null)).toBe(false);
    expect(isSaveKey(USER_ID, undefined)).toBe(false);
  });

  it("changes with AUTH_SECRET", () => {
    const forged = createHmac("sha256", "some-other-secret-0123456789")
      .update(`save-key:${USER_ID}`)
      .digest("base64url");
    expect(isSaveKey(USER_ID, forged)).toBe(false);
  });
});
