import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/invite/abc123?x=1#top", "/invite/abc123?x=1#top"],
    ["/history?category=News", "/history?category=News"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["https://evil.example/steal"],
    ["//evil.example/steal"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["dashboard"],
    ["/\t/evil.example"],
  ])("refuses %s", (input) => {
    expect(safeReturnPath(input)).toBe(DEFAULT_RETURN_PATH);
  });
});
