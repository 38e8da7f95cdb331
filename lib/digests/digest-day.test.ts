import { describe, expect, it } from "vitest";
import { digestDay, digestInstant } from "@/lib/digests/digest-day";

describe("digestDay", () => {
  const scheduled = { slot: new Date("2026-11-26T23:30:00Z"), windowEnd: new Date("2026-11-27T00:10:00Z") };

  it("is the slot's local day for a scheduled digest, in the recipient's zone", () => {
    expect(digestInstant(scheduled)).toEqual(scheduled.slot);
    expect(digestDay(scheduled, "America/New_York")).toBe("2026-11-26");
    expect(digestDay(scheduled, "Asia/Tokyo")).toBe("2026-11-27");
  });

  it("is the window end's local day for Send now, which has no slot", () => {
    expect(digestDay({ slot: null, windowEnd: scheduled.windowEnd }, "UTC")).toBe("2026-11-27");
  });
});
