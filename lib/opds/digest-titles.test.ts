import { describe, expect, it } from "vitest";
import { digestTitles } from "@/lib/opds/digest-titles";

describe("digestTitles", () => {
  const scheduled = {
    slot: new Date("2026-11-26T23:00:00Z"),
    windowEnd: new Date("2026-11-26T23:00:05Z"),
    sentAt: new Date("2026-11-26T23:00:09Z"),
  };
  const sendNow = {
    slot: null,
    windowEnd: new Date("2026-11-26T15:30:00Z"),
    sentAt: new Date("2026-11-26T15:30:02Z"),
  };

  it("names each digest by its day in the reader's zone, as History names a day", () => {
    expect(digestTitles([scheduled], "UTC")).toEqual(["November 26, 2026"]);
    expect(digestTitles([scheduled], "Asia/Tokyo")).toEqual(["November 27, 2026"]);
  });

  it("adds the time it was sent when two listed digests are of the same day", () => {
    expect(digestTitles([scheduled, sendNow], "UTC")).toEqual([
      "November 26, 2026, 11:00 PM",
      "November 26, 2026, 3:30 PM",
    ]);
    expect(digestTitles([scheduled, sendNow], "Asia/Tokyo")).toEqual([
      "November 27, 2026, 8:00 AM",
      "November 27, 2026, 12:30 AM",
    ]);
  });
});
