import { describe, expect, it } from "vitest";
import { memberSinceLabel } from "./member-since";

describe("memberSinceLabel", () => {
  it("formats the member-since date in the user's zone, or N/A", () => {
    expect(memberSinceLabel(new Date("2025-01-05T12:00:00Z"), "Europe/Berlin")).toBe("January 5, 2025");
    expect(memberSinceLabel(new Date("2025-01-05T02:00:00Z"), "America/Los_Angeles")).toBe("January 4, 2025");
    expect(memberSinceLabel(new Date("2025-01-05T02:00:00Z"), "Not/AZone")).toBe("January 5, 2025");
    expect(memberSinceLabel(null, "UTC")).toBe("N/A");
    expect(memberSinceLabel(new Date(Number.NaN), "UTC")).toBe("N/A");
  });
});
