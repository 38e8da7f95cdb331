import { describe, expect, it } from "vitest";
import { digestPromise, nextDeliveredDigest } from "./delivered-schedule";
import type { DigestSchedule } from "./schedule";

// Onboarding's default: daily at 8 PM. Times in UTC; 2026-11-23 is a Monday.
const daily: DigestSchedule = { emailFrequency: "daily", emailTime: 20, emailDays: [], emailHours: {} };
const at = (iso: string) => new Date(iso);
const plan = (trialEndsAt: string) => ({ trialEndsAt: at(trialEndsAt), proUntil: null });

describe("nextDeliveredDigest", () => {
  it("sends daily during the trial", () => {
    expect(nextDeliveredDigest(daily, plan("2026-11-26T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), true)).toEqual(
      at("2026-11-25T20:00:00Z"),
    );
  });

  it("does not send a daily slot that falls after the trial ends: the weekly one it falls back to instead", () => {
    // The trial ends Wednesday 10:00; Wednesday's 8 PM is past it, so the next is Monday's.
    expect(nextDeliveredDigest(daily, plan("2026-11-25T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), true)).toEqual(
      at("2026-11-30T20:00:00Z"),
    );
  });

  it("keeps every slot while billing is off", () => {
    expect(nextDeliveredDigest(daily, plan("2026-11-01T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), false)).toEqual(
      at("2026-11-25T20:00:00Z"),
    );
  });
});

describe("digestPromise", () => {
  const user = (trialEndsAt: string) => ({ ...daily, ...plan(trialEndsAt), timezone: "UTC" });

  it("after the trial, promises the weekly email that will arrive and says why", () => {
    expect(digestPromise(user("2026-11-20T00:00:00Z"), at("2026-11-24T12:00:00Z"), true)).toEqual({
      title: "Weekly Email",
      text: "You'll receive a weekly email every Monday at 8:00 PM.",
      note: "Your daily schedule is a Pro feature, so your digest is sent weekly until you upgrade.",
    });
  });

  it("during the trial, promises the daily email and says what changes when the trial ends", () => {
    expect(digestPromise(user("2026-12-01T00:00:00Z"), at("2026-11-24T12:00:00Z"), true)).toEqual({
      title: "Daily Email",
      text: "You'll receive a daily email with all your saved links at 8:00 PM.",
      note: "Your daily schedule is a Pro feature: after your trial ends on December 1, your digest is sent weekly every Monday at 8:00 PM until you upgrade.",
    });
  });

  it("promises what was chosen when billing is off, with no note", () => {
    expect(digestPromise(user("2026-11-20T00:00:00Z"), at("2026-11-24T12:00:00Z"), false).note).toBeNull();
  });
});
