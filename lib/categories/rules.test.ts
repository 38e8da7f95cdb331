import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  DEFAULT_CATEGORY,
  distinctCategories,
  findExistingCategory,
  isBuiltInCategory,
} from "./rules";

describe("BUILT_IN_CATEGORIES", () => {
  it("are exactly the ten built-in names, in order", () => {
    expect(BUILT_IN_CATEGORIES).toEqual([
      "Uncategorized",
      "Article",
      "Blog",
      "News",
      "Tutorial",
      "Video",
      "Social",
      "Shopping",
      "Work",
      "Personal",
    ]);
    expect(BUILT_IN_CATEGORIES).toContain(DEFAULT_CATEGORY);
  });
});

describe("categoryKey", () => {
  it.each([
    ["News", "news"],
    ["  NEWS  ", "news"],
    ["Reading List", "reading list"],
    ["Caf\u0065\u0301", "caf\u00e9"],
    ["ÉCOLE", "école"],
  ])("%j -> %j", (input, expected) => {
    expect(categoryKey(input)).toBe(expected);
  });
});

describe("findExistingCategory", () => {
  const custom = ["Recipes", "Café", "side projects"];

  it("finds a built-in whatever the case or padding, in its own spelling", () => {
    expect(findExistingCategory(" news ", BUILT_IN_CATEGORIES, custom)).toBe("News");
    expect(findExistingCategory("UNCATEGORIZED", BUILT_IN_CATEGORIES, custom)).toBe("Uncategorized");
  });

  it("finds a custom category in its stored spelling", () => {
    expect(findExistingCategory("RECIPES", BUILT_IN_CATEGORIES, custom)).toBe("Recipes");
    expect(findExistingCategory("Side Projects", BUILT_IN_CATEGORIES, custom)).toBe("side projects");
  });

  it("matches composed and decomposed accents as one name", () => {
    expect(findExistingCategory("cafe\u0301", BUILT_IN_CATEGORIES, custom)).toBe("Café");
  });

  it("prefers the built-in when a custom name shadows it", () => {
    expect(findExistingCategory("video", BUILT_IN_CATEGORIES, ["VIDEO"])).toBe("Video");
  });

  it("returns null for a new name", () => {
    expect(findExistingCategory("Podcasts", BUILT_IN_CATEGORIES, custom)).toBeNull();
    expect(findExistingCategory("New", BUILT_IN_CATEGORIES, custom)).toBeNull();
  });
});

describe("isBuiltInCategory", () => {
  it.each([["Work"], ["work"], [" PERSONAL "], ["uncategorized"]])("%j is built in", (name) => {
    expect(isBuiltInCategory(name)).toBe(true);
  });

  it.each([["Works"], ["Recipes"], [""]])("%j is not built in", (name) => {
    expect(isBuiltInCategory(name)).toBe(false);
  });
});

describe("distinctCategories", () => {
  it("keeps the first spelling of each name, compared case-insensitively", () => {
    expect(distinctCategories(["news", "News", "NEWS", "Blog"])).toEqual(["Blog", "news"]);
  });

  it("sorts alphabetically ignoring case", () => {
    expect(distinctCategories(["work", "Article", "blog", "Zebra", "apple"])).toEqual([
      "apple",
      "Article",
      "blog",
      "work",
      "Zebra",
    ]);
  });

  it("keeps accented names apart from plain ones and sorts them beside each other", () => {
    expect(distinctCategories(["Resume", "Résumé", "Recipes", "resume"])).toEqual(["Recipes", "Resume", "Résumé"]);
  });

  it("drops blank names and trims the kept spelling", () => {
    expect(distinctCategories(["", "  ", " Video "])).toEqual(["Video"]);
  });

  it("returns an empty list for no names", () => {
    expect(distinctCategories([])).toEqual([]);
  });
});
