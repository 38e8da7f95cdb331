import { describe, expect, it } from "vitest";
import { isAcceptedCallbackUrl, isStorableText } from "./auth-input";

describe("isStorableText", () => {
  it.each(["", "reader@example.com", "東京", "👩‍👩‍👧‍👦", "%00"])("keeps %j", (value) => {
    expect(isStorableText(value)).toBe(true);
  });

  it.each(["\u0000", "a\u0000b@example.com", "x\ud800", "\udc00y"])("refuses %j", (value) => {
    expect(isStorableText(value)).toBe(false);
  });
});

describe("isAcceptedCallbackUrl", () => {
  const base = "http://localhost:3000/api/auth";

  it.each(["/dashboard", "/history?q=a", "http://localhost:3000/x", "https://evil.example/"])("accepts %j", (value) => {
    // Where a URL may lead is the redirect callback's business; this is only next-auth's syntax check.
    expect(isAcceptedCallbackUrl(value, base)).toBe(true);
  });

  it.each(["\u0000", "", "dashboard", "javascript:alert(1)", "http://\u0000", "\ufffd", "mailto:a@b.test"])(
    "refuses %j",
    (value) => {
      expect(isAcceptedCallbackUrl(value, base)).toBe(false);
    },
  );
});
