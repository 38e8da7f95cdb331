import { describe, expect, it } from "vitest";
import { COLLAPSED_CHIP_COUNT, collapsedChips } from "@/lib/categories/collapsed-chips";
import { categoryKey } from "@/lib/categories/rules";

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
