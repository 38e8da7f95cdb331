import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  COLLAPSED_CHIP_COUNT,
  collapsedChips,
  DEFAULT_CATEGORY,
  distinctCategories,
  findExistingCategory,
  isBuiltInCategory,
} from "./rules";

describe("BUILT_IN_CATEGORIES", () => {
  it("are exactly the ten names of SPEC §3, in order", () => {
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

describe("collapsedChips", () => {
  const names = Array.from({ length: 21 }, (_, index) => `Tag ${String(index).padStart(2, "0")}`);

  it("shows the first few of a long list and counts the rest", () => {
    expect(collapsedChips(names, "")).toEqual({ shown: names.slice(0, COLLAPSED_CHIP_COUNT), hidden: 16 });
  });

  it("keeps the chosen chip in view wherever it sorts, matched case-insensitively", () => {
    const { shown, hidden } = collapsedChips(names, categoryKey("TAG 17"));
    expect(shown).toEqual([...names.slice(0, COLLAPSED_CHIP_COUNT), "Tag 17"]);
    expect(hidden).toBe(15);
    expect(collapsedChips(names, categoryKey("Tag 01"))).toEqual({ shown: names.slice(0, 5), hidden: 16 });
  });

  it("shows a list only a little longer than that in full", () => {
    const short = names.slice(0, COLLAPSED_CHIP_COUNT + 2);
    expect(collapsedChips(short, "")).toEqual({ shown: short, hidden: 0 });
    expect(collapsedChips(names.slice(0, COLLAPSED_CHIP_COUNT + 3), "").hidden).toBe(3);
  });
});
