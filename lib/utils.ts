import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, dropping falsy ones. It does not merge conflicting Tailwind utilities (that
 * library costs every page 10 KB): no class list may hold two that set the same thing, which
 * tests/unit/class-names.test.ts checks across the code (decision 0286).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
