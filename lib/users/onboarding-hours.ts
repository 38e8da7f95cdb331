// Onboarding's hour choices (docs/product.md, "Digests and schedule"): "today (evening)" or "tomorrow (early morning)", each
// with its own hours. Apart from the schemas so that the form has them without loading zod.

export type OnboardingPreference = "today" | "tomorrow";

export const TODAY_HOURS = [17, 18, 19, 20, 21, 22, 23] as const;
export const TOMORROW_HOURS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Today below 17 resets to 20; tomorrow above 6 resets to 6. */
export function adjustHourForPreference(preference: OnboardingPreference, hour: number): number {
  if (preference === "today" && hour < 17) return 20;
  if (preference === "tomorrow" && hour > 6) return 6;
  return hour;
}
