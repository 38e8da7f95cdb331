import { describe, expect, it } from "vitest";
import type { DigestSchedule } from "./schedule";
import { scheduleSummary } from "./schedule-summary";

const base: DigestSchedule = { emailFrequency: "daily", emailTime: 8, emailDays: [], emailHours: {} };

describe("scheduleSummary", () => {
  it("daily: the global hour in 12-hour format", () => {
    expect(scheduleSummary({ ...base, emailTime: 20 })).toEqual({
      title: "Daily Email",
      text: "You'll receive a daily email with all your saved links at 8:00 PM.",
    });
    expect(scheduleSummary({ ...base, emailTime: 0 }).text).toContain("at 12:00 AM.");
  });

  it("weekly: the first selected day and its own hour", () => {
    expect(scheduleSummary({ ...base, emailFrequency: "weekly", emailDays: [5, 2], emailHours: { "5": 18 } })).toEqual({
      title: "Weekly Email",
      text: "You'll receive a weekly email every Friday at 6:00 PM.",
    });
  });

  it("weekly: emailTime when the day has no hour, Monday when no day is selected", () => {
    expect(scheduleSummary({ ...base, emailFrequency: "weekly", emailDays: [3], emailTime: 7 }).text).toBe(
      "You'll receive a weekly email every Wednesday at 7:00 AM.",
    );
    expect(scheduleSummary({ ...base, emailFrequency: "weekly", emailTime: 12 }).text).toBe(
      "You'll receive a weekly email every Monday at 12:00 PM.",
    );
  });

  it("custom and none", () => {
    expect(scheduleSummary({ ...base, emailFrequency: "custom", emailDays: [1, 3] })).toEqual({
      title: "Custom Email Schedule",
      text: "You'll receive emails on your custom schedule.",
    });
    expect(scheduleSummary({ ...base, emailFrequency: "none" })).toEqual({
      title: "Email Notifications Off",
      text: "You have disabled automated email digests.",
    });
  });
});
