import { categoryKey } from "@/lib/categories/rules";

// Apart from the category rules: the pages that only need those (Settings, the category dialog)
// do not carry it.
/** How many category chips the history shows before its "more categories" button. */
export const COLLAPSED_CHIP_COUNT = 5;

/**
 * The history's chips while collapsed: the first `COLLAPSED_CHIP_COUNT` names, plus the chosen
 * one wherever it sorts, so the filter in use always shows; `hidden` counts the rest. A list only
 * a chip or two longer shows in full: a button would save no room.
 */
export function collapsedChips(names: readonly string[], chosenKey: string): { shown: string[]; hidden: number } {
  if (names.length <= COLLAPSED_CHIP_COUNT + 2) return { shown: [...names], hidden: 0 };
  const shown = names.filter(
    (name, index) => index < COLLAPSED_CHIP_COUNT || (chosenKey !== "" && categoryKey(name) === chosenKey),
  );
  return { shown, hidden: names.length - shown.length };
}
