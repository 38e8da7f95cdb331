import { describe, expect, it } from "vitest";
import { CATEGORY_NAME_INVALID_MESSAGE, CATEGORY_NAME_TOO_LONG_MESSAGE, categorySchema } from "./schemas";

function firstMessage(input: unknown): string | undefined {
  const result = categorySchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("categorySchema", () => {
  it("trims the name", () => {
    expect(categorySchema.parse({ name: "  Recipes  " })).toEqual({ name: "Recipes" });
  });

  it("stores the composed (NFC) form", () => {
    expect(categorySchema.parse({ name: "Cafe\u0301" })).toEqual({ name: "Caf\u00e9" });
  });

  it.each([[""], ["   "], ["\t\n"]])("refuses the blank name %j with the product's message", (name) => {
    expect(firstMessage({ name })).toBe(CATEGORY_NAME_INVALID_MESSAGE);
    expect(CATEGORY_NAME_INVALID_MESSAGE).toBe("Please enter a valid category name");
  });

  it("refuses a missing or non-string name with the same message", () => {
    expect(firstMessage({})).toBe(CATEGORY_NAME_INVALID_MESSAGE);
    expect(firstMessage({ name: 42 })).toBe(CATEGORY_NAME_INVALID_MESSAGE);
  });

  it("refuses control characters inside the name", () => {
    expect(firstMessage({ name: "Two\nLines" })).toBe(CATEGORY_NAME_INVALID_MESSAGE);
  });

  it("refuses half an emoji (a lone surrogate), which the database cannot store", () => {
    expect(firstMessage({ name: "Fun \ud83d" })).toBe(CATEGORY_NAME_INVALID_MESSAGE);
  });

  it("accepts 50 characters and refuses 51 (counted after trimming)", () => {
    expect(categorySchema.parse({ name: ` ${"a".repeat(50)} ` })).toEqual({ name: "a".repeat(50) });
    expect(firstMessage({ name: "a".repeat(51) })).toBe(CATEGORY_NAME_TOO_LONG_MESSAGE);
  });
});
