import { describe, expect, it } from "vitest";
import { isRecordId, isStorableText } from "./input";

describe("isStorableText", () => {
  it("accepts any well-formed text without NUL", () => {
    for (const text of ["", "plain", "Café", "👩‍👩‍👧‍👦", "\t\n", "\u202e"]) expect(isStorableText(text)).toBe(true);
  });

  it("refuses a NUL and a lone surrogate anywhere", () => {
    for (const text of ["\u0000", "a\u0000b", "\ud800", "x\udfffy", "\ud83d"]) expect(isStorableText(text)).toBe(false);
  });
});

describe("isRecordId", () => {
  it("accepts cuids and invitation codes", () => {
    expect(isRecordId("cmwr505lx004po97dnwdfkxj0")).toBe(true);
    expect(isRecordId("abcDEF_-12345678")).toBe(true);
  });

  it("refuses what no row can have as id", () => {
    for (const id of ["", "\u0000", "a b", "../x", "%00", "x".repeat(65), "é"]) expect(isRecordId(id)).toBe(false);
  });
});
