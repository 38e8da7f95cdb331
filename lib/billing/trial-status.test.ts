import { describe, expect, it } from "vitest";
import { trialStatus } from "./trial-status";

describe("trialStatus", () => {
  it("follows the banner's thresholds: 0 or fewer days, 1, up to 3", () => {
    expect(trialStatus(0)).toEqual({ tone: "ended", message: "Your free trial has ended." });
    expect(trialStatus(-3).tone).toBe("ended");
    expect(trialStatus(1)).toEqual({ tone: "attention", message: "Your free trial ends tomorrow." });
    expect(trialStatus(2)).toEqual({ tone: "attention", message: "Your free trial ends in 2 days." });
    expect(trialStatus(3).tone).toBe("attention");
    expect(trialStatus(4)).toEqual({ tone: "normal", message: "Your free trial ends in 4 days." });
    expect(trialStatus(14).message).toBe("Your free trial ends in 14 days.");
  });
});
