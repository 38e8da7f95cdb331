import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "./time-left";

const DAY = 86_400_000;
const now = new Date("2026-03-10T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe("formatTimeLeft", () => {
  it("says 'Expired' once the date has passed, and at the date itself", () => {
    expect(formatTimeLeft(at(-DAY), now)).toBe("Expired");
    expect(formatTimeLeft(at(-1), now)).toBe("Expired");
    expect(formatTimeLeft(now, now)).toBe("Expired");
  });

  it("counts days, a part of a day as a whole one", () => {
    expect(formatTimeLeft(at(1), now)).toBe("1 day left");
    expect(formatTimeLeft(at(DAY), now)).toBe("1 day left");
    expect(formatTimeLeft(at(DAY + 1), now)).toBe("2 days left");
    expect(formatTimeLeft(at(14 * DAY), now)).toBe("14 days left");
  });

  it("stays in days up to 30 days", () => {
    expect(formatTimeLeft(at(30 * DAY), now)).toBe("30 days left");
  });

  it("counts whole months of 30 days beyond 30 days", () => {
    expect(formatTimeLeft(at(30 * DAY + 1), now)).toBe("1 month left");
    expect(formatTimeLeft(at(31 * DAY), now)).toBe("1 month left");
    expect(formatTimeLeft(at(59 * DAY), now)).toBe("1 month left");
    expect(formatTimeLeft(at(60 * DAY), now)).toBe("2 months left");
    expect(formatTimeLeft(at(365 * DAY), now)).toBe("12 months left");
  });

  it("treats an invalid date as expired rather than printing NaN", () => {
    expect(formatTimeLeft(new Date("not a date"), now)).toBe("Expired");
  });
});
