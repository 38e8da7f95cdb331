import { describe, expect, it } from "vitest";
import { URL_INVALID_MESSAGE, URL_REQUIRED_MESSAGE } from "@/lib/links/url";
import { CATEGORY_NAME_INVALID_MESSAGE, CATEGORY_NAME_TOO_LONG_MESSAGE } from "@/lib/categories/schemas";
import { linkSchema, NOTES_TOO_LONG_MESSAGE, TOO_MANY_CATEGORIES_MESSAGE } from "./schemas";

function firstIssue(input: unknown): { message: string; path: PropertyKey[] } | undefined {
  const result = linkSchema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue && { message: issue.message, path: issue.path };
}

describe("linkSchema messages", () => {
  it("uses the product's wording", () => {
    expect(URL_REQUIRED_MESSAGE).toBe("URL is required");
    expect(URL_INVALID_MESSAGE).toBe("Please enter a valid website address");
    expect(TOO_MANY_CATEGORIES_MESSAGE).toBe("You can select up to 3 categories");
    expect(NOTES_TOO_LONG_MESSAGE).toBe("Notes can be at most 5000 characters");
  });
});

describe("linkSchema url", () => {
  it("normalises the URL", () => {
    expect(linkSchema.parse({ url: "  example.com/a  " }).url).toBe("https://example.com/a");
  });

  it.each([[{}], [{ url: null }], [{ url: "" }], [{ url: "   " }]])("requires a URL: %j", (input) => {
    expect(firstIssue(input)).toEqual({ message: URL_REQUIRED_MESSAGE, path: ["url"] });
  });

  it.each([["javascript:alert(1)"], ["not a url"], ["mailto:me@example.com"]])("refuses %j", (url) => {
    expect(firstIssue({ url })).toEqual({ message: URL_INVALID_MESSAGE, path: ["url"] });
  });
});

describe("linkSchema notes", () => {
  it("trims notes", () => {
    expect(linkSchema.parse({ url: "example.com", notes: "  read this  " }).notes).toBe("read this");
  });

  it.each([[undefined], [null], [""], ["   "]])("stores %j as null", (notes) => {
    expect(linkSchema.parse({ url: "example.com", notes }).notes).toBeNull();
  });

  it("drops NUL characters and replaces half an emoji, which the database cannot store", () => {
    expect(linkSchema.parse({ url: "example.com", notes: "a\u0000b \ud83d" }).notes).toBe("ab \ufffd");
  });

  it("accepts 5000 characters and refuses 5001", () => {
    expect(linkSchema.parse({ url: "example.com", notes: "n".repeat(5000) }).notes).toHaveLength(5000);
    expect(firstIssue({ url: "example.com", notes: "n".repeat(5001) })).toEqual({
      message: NOTES_TOO_LONG_MESSAGE,
      path: ["notes"],
    });
  });
});

describe("linkSchema categories", () => {
  it.each([
    [{}],
    [{ categories: [] }],
    [{ categories: null, category: null }],
    [{ category: "" }],
    [{ category: "   ", categories: [] }],
  ])("falls back to Uncategorized when none is selected: %j", (extra) => {
    const parsed = linkSchema.parse({ url: "example.com", ...extra });
    expect(parsed).toMatchObject({ category: "Uncategorized", categories: ["Uncategorized"] });
  });

  it("makes the first selected category the primary", () => {
    const parsed = linkSchema.parse({ url: "example.com", categories: ["Video", "Work", "Recipes"] });
    expect(parsed).toEqual({
      url: "https://example.com/",
      title: null,
      notes: null,
      category: "Video",
      categories: ["Video", "Work", "Recipes"],
    });
  });

  it("lets categories win over a different primary category", () => {
    const parsed = linkSchema.parse({ url: "example.com", category: "News", categories: ["Blog", "News"] });
    expect(parsed).toMatchObject({ category: "Blog", categories: ["Blog", "News"] });
  });

  it("treats a lone category as a one-element list", () => {
    const parsed = linkSchema.parse({ url: "example.com", category: " Recipes " });
    expect(parsed).toMatchObject({ category: "Recipes", categories: ["Recipes"] });
  });

  it("trims names and de-duplicates case-insensitively, keeping the first spelling", () => {
    const parsed = linkSchema.parse({
      url: "example.com",
      categories: [" Recipes ", "recipes", "RECIPES", "Side projects"],
    });
    expect(parsed.categories).toEqual(["Recipes", "Side projects"]);
  });

  it("spells built-in categories their own way", () => {
    expect(linkSchema.parse({ url: "example.com", categories: ["news", "VIDEO"] }).categories).toEqual([
      "News",
      "Video",
    ]);
    expect(linkSchema.parse({ url: "example.com", category: "tutorial" }).category).toBe("Tutorial");
  });

  it("refuses a fourth category", () => {
    expect(firstIssue({ url: "example.com", categories: ["News", "Blog", "Work", "Video"] })).toEqual({
      message: TOO_MANY_CATEGORIES_MESSAGE,
      path: ["categories"],
    });
  });

  it("counts categories after de-duplication", () => {
    const parsed = linkSchema.parse({ url: "example.com", categories: ["News", "news", "Blog", "Work"] });
    expect(parsed.categories).toEqual(["News", "Blog", "Work"]);
  });

  it("refuses blank and over-long category names", () => {
    expect(firstIssue({ url: "example.com", categories: ["News", "  "] })).toEqual({
      message: CATEGORY_NAME_INVALID_MESSAGE,
      path: ["categories", 1],
    });
    expect(firstIssue({ url: "example.com", categories: ["x".repeat(51)] })?.message).toBe(
      CATEGORY_NAME_TOO_LONG_MESSAGE,
    );
    expect(firstIssue({ url: "example.com", category: "x".repeat(51) })?.message).toBe(CATEGORY_NAME_TOO_LONG_MESSAGE);
  });

  it("refuses categories that are not a list of strings", () => {
    expect(linkSchema.safeParse({ url: "example.com", categories: "News" }).success).toBe(false);
    expect(linkSchema.safeParse({ url: "example.com", categories: [1] }).success).toBe(false);
  });
});

describe("linkSchema title", () => {
  it("keeps a sent title, tidied, and makes a blank or missing one null", () => {
    expect(linkSchema.parse({ url: "example.com", title: "  A  page\n title " }).title).toBe("A page title");
    expect(linkSchema.parse({ url: "example.com", title: "   " }).title).toBeNull();
    expect(linkSchema.parse({ url: "example.com" }).title).toBeNull();
  });

  it("cuts a very long title instead of refusing the link, leaving no half emoji", () => {
    const title = `${"t".repeat(499)}\u{1F600}tail`;
    const parsed = linkSchema.parse({ url: "example.com", title }).title;
    expect(parsed).toHaveLength(500);
    expect(parsed?.isWellFormed()).toBe(true);
  });
});
