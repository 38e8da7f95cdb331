"use client";

import type { ComponentProps } from "react";
import { useCustomCategories } from "@/components/categories/category-queries";
import { NativeSelect } from "@/components/ui/native-select";
import { BUILT_IN_CATEGORIES, categoryKey, DEFAULT_CATEGORY } from "@/lib/categories/rules";

/**
 * The category a feed's links are filed in: the built-in categories, then the user's own, as the
 * add-link form offers them. `value` stays offered when it is neither (a category since deleted).
 */
export function CategorySelect({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<"select">, "value" | "onChange" | "children"> & {
  value: string;
  onValueChange: (name: string) => void;
}) {
  const custom = (useCustomCategories().data ?? []).map((category) => category.name);
  const names = [...BUILT_IN_CATEGORIES, ...custom];
  const offered = names.includes(value) ? names : [...names, value];
  return (
    <NativeSelect value={value} onChange={(event) => onValueChange(event.target.value)} {...props}>
      {offered.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The select's value for a subscription's category: null is Uncategorized. */
export function categoryChoice(category: string | null): string {
  return category ?? DEFAULT_CATEGORY;
}

/** The category the API is sent for the select's value: Uncategorized is null. */
export function chosenCategory(name: string): string | null {
  return categoryKey(name) === categoryKey(DEFAULT_CATEGORY) ? null : name;
}
