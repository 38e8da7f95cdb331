import { describe, expect, it } from "vitest";
import { adjustHourForPreference, TODAY_HOURS, TOMORROW_HOURS } from "./onboarding-hours";

describe("onboarding's hour when the preference changes", () => {
  it("resets an hour before 17 to 20 for today, and keeps an evening hour", () => {
    expect(adjustHourForPreference("today", 6)).toBe(20);
    expect(adjustHourForPreference("today", 16)).toBe(20);
    expect(adjustHourForPreference("today", 17)).toBe(17);
    expect(adjustHourForPreference("today", 23)).toBe(23);
  });

  it("resets an hour after 6 to 6 for tomorrow, and keeps an early hour", () => {
    expect(adjustHourForPreference("tomorrow", 20)).toBe(6);
    expect(adjustHourForPreference("tomorrow", 7)).toBe(6);
    expect(adjustHourForPreference("tomorrow", 0)).toBe(0);
    expect(adjustHourForPreference("tomorrow", 6)).toBe(6);
  });

  it("offers only hours that the adjustment keeps", () => {
    for (const hour of TODAY_HOURS) expect(adjustHourForPreference("today", hour)).toBe(hour);
    for (const hour of TOMORROW_HOURS) expect(adjustHourForPreference("tomorrow", hour)).toBe(hour);
  });
});
