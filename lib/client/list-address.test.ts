import { describe, expect, it } from "vitest";
import { isListAddress } from "./list-address";

describe("isListAddress", () => {
  it("takes Today's Stash and History with its filters, nothing else", () => {
    expect(isListAddress("/dashboard")).toBe(true);
    expect(isListAddress("/history")).toBe(true);
    expect(isListAddress("/history?q=rust&category=News")).toBe(true);
    expect(isListAddress("/historyx")).toBe(false);
    expect(isListAddress("//evil.example/history")).toBe(false);
    expect(isListAddress("https://evil.example/dashboard")).toBe(false);
    expect(isListAddress("/settings")).toBe(false);
  });
});
