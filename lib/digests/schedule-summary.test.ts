import { describe, expect, it } from "vitest";
import type { DigestSchedule } from "./schedule";
import { scheduledEmailText, scheduleSummary } from "./schedule-summary";

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

describe("scheduledEmailText", () => {
  // Onboarding's default: daily at 8 PM. Times in UTC; 2026-11-23 is a Monday.
  const daily: DigestSchedule = { emailFrequency: "daily", emailTime: 20, emailDays: [], emailHours: {} };
  const at = (iso: string) => new Date(iso);
  const user = (trialEndsAt: string) => ({ ...daily, trialEndsAt: at(trialEndsAt), proUntil: null, timezone: "UTC" });

  it("after the trial, promises the weekly email that will arrive and says why", () => {
    expect(scheduledEmailText(user("2026-11-20T00:00:00Z"), at("2026-11-24T12:00:00Z"), true)).toEqual({
      title: "Weekly Email",
      text: "You'll receive a weekly email every Monday at 8:00 PM.",
      note: "Your daily schedule is a Pro feature, so your digest is sent weekly until you upgrade.",
    });
  });

  it("during the trial, promises the daily email and says what changes when the trial ends", () => {
    expect(scheduledEmailText(user("2026-12-01T00:00:00Z"), at("2026-11-24T12:00:00Z"), true)).toEqual({
      title: "Daily Email",
      text: "You'll receive a daily email with all your saved links at 8:00 PM.",
      note: "Your daily schedule is a Pro feature: after your trial ends on December 1, your digest is sent weekly every Monday at 8:00 PM until you upgrade.",
    });
  });

  it("promises what was chosen when billing is off, with no note", () => {
    expect(scheduledEmailText(user("2026-11-20T00:00:00Z"), at("2026-11-24T12:00:00Z"), false).note).toBeNull();
  });
});
