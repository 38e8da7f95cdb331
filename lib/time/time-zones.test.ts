import { describe, expect, it } from "vitest";
import { canonicalZone, formatUtcOffset, isValidTimeZone, searchZones, zoneOptions } from "./time-zones";

const JANUARY = new Date("2026-01-15T12:00:00Z");

describe("the time-zone choices", () => {
  const options = zoneOptions(
    ["Asia/Calcutta", "Asia/Kolkata", "Asia/Tokyo", "Europe/Kiev", "America/New_York"],
    { current: "Europe/Berlin", browser: "Asia/Calcutta" },
    JANUARY,
    isValidTimeZone,
  );

  it("lists each zone once under its current name, the browser's first, with its offset now", () => {
    expect(options.map((option) => option.zone)).toEqual([
      "Asia/Kolkata",
      "America/New_York",
      "Asia/Tokyo",
      "Europe/Berlin",
      "Europe/Kyiv",
      "UTC",
    ]);
    expect(options[0]).toMatchObject({ label: "Asia/Kolkata", offset: "UTC+05:30" });
    expect(options.find((option) => option.zone === "America/New_York")).toMatchObject({
      label: "America/New York",
      offset: "UTC-05:00",
    });
  });

  it("finds a zone by city, with spaces, by an old name, or by its offset", () => {
    const zones = (query: string) => searchZones(options, query).map((option) => option.zone);
    expect(zones("tokyo")).toEqual(["Asia/Tokyo"]);
    expect(zones("New York")).toEqual(["America/New_York"]);
    expect(zones("kiev")).toEqual(["Europe/Kyiv"]);
    expect(zones("calcutta")).toEqual(["Asia/Kolkata"]);
    expect(zones("+09:00")).toEqual(["Asia/Tokyo"]);
    expect(zones("")).toHaveLength(options.length);
    expect(zones("atlantis")).toEqual([]);
  });

  it("formats offsets and leaves current names alone", () => {
    expect(formatUtcOffset(0)).toBe("UTC+00:00");
    expect(formatUtcOffset(-3 * 3600_000 - 30 * 60_000)).toBe("UTC-03:30");
    expect(canonicalZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
  });
});
