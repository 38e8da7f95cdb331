import { describe, expect, it } from "vitest";
import { APIA, BERLIN, HAVANA, KATHMANDU, KOLKATA, LORD_HOWE, NEW_YORK } from "@/tests/support/time-zones";
import { dayBefore, localDateKey, localDay, localDayBounds } from "./local-day";

function hours(bounds: { start: Date; end: Date }): number {
  return (bounds.end.getTime() - bounds.start.getTime()) / 3_600_000;
}

describe("localDayBounds", () => {
  it.each([
    [NEW_YORK, "2026-06-10T12:00:00Z", "2026-06-10T04:00:00.000Z", "2026-06-11T04:00:00.000Z", 24],
    [NEW_YORK, "2026-03-08T12:00:00Z", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z", 23],
    [NEW_YORK, "2026-11-01T12:00:00Z", "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z", 25],
    [NEW_YORK, "2027-03-14T12:00:00Z", "2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z", 23],
    [NEW_YORK, "2027-11-07T12:00:00Z", "2027-11-07T04:00:00.000Z", "2027-11-08T05:00:00.000Z", 25],
    [BERLIN, "2026-03-29T12:00:00Z", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", 23],
    [BERLIN, "2026-10-25T12:00:00Z", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z", 25],
    [BERLIN, "2027-03-28T12:00:00Z", "2027-03-27T23:00:00.000Z", "2027-03-28T22:00:00.000Z", 23],
    [BERLIN, "2027-10-31T12:00:00Z", "2027-10-30T22:00:00.000Z", "2027-10-31T23:00:00.000Z", 25],
    [LORD_HOWE, "2026-04-05T00:00:00Z", "2026-04-04T13:00:00.000Z", "2026-04-05T13:30:00.000Z", 24.5],
    [LORD_HOWE, "2026-10-04T00:00:00Z", "2026-10-03T13:30:00.000Z", "2026-10-04T13:00:00.000Z", 23.5],
    [LORD_HOWE, "2027-04-04T00:00:00Z", "2027-04-03T13:00:00.000Z", "2027-04-04T13:30:00.000Z", 24.5],
    [LORD_HOWE, "2027-10-03T00:00:00Z", "2027-10-02T13:30:00.000Z", "2027-10-03T13:00:00.000Z", 23.5],
    [KOLKATA, "2026-03-08T12:00:00Z", "2026-03-07T18:30:00.000Z", "2026-03-08T18:30:00.000Z", 24],
    [KATHMANDU, "2026-03-08T12:00:00Z", "2026-03-07T18:15:00.000Z", "2026-03-08T18:15:00.000Z", 24],
    [APIA, "2026-03-01T12:00:00Z", "2026-03-01T11:00:00.000Z", "2026-03-02T11:00:00.000Z", 24],
    [APIA, "2026-04-05T00:00:00Z", "2026-04-04T11:00:00.000Z", "2026-04-05T11:00:00.000Z", 24],
    // Midnight skipped: the day starts at the jump, 01:00 CDT.
    [HAVANA, "2026-03-08T12:00:00Z", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z", 23],
    // Midnight repeated: the day starts at the first midnight.
    [HAVANA, "2026-11-01T12:00:00Z", "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z", 25],
  ])("%s on the day of %s", (zone, at, start, end, length) => {
    const bounds = localDayBounds(zone, new Date(at));
    expect(bounds.start.toISOString()).toBe(start);
    expect(bounds.end.toISOString()).toBe(end);
    expect(hours(bounds)).toBe(length);
  });

  it("start belongs to the day, end belongs to the next", () => {
    const day = localDayBounds(NEW_YORK, new Date("2026-11-01T12:00:00Z"));
    expect(localDayBounds(NEW_YORK, day.start)).toEqual(day);
    expect(localDayBounds(NEW_YORK, new Date(day.end.getTime() - 1))).toEqual(day);
    expect(localDayBounds(NEW_YORK, day.end).start).toEqual(day.end);
  });

  it("answers from the last day found only for instants inside it", () => {
    const june10 = { start: new Date("2026-06-10T04:00:00.000Z"), end: new Date("2026-06-11T04:00:00.000Z") };
    const june11 = { start: new Date("2026-06-11T04:00:00.000Z"), end: new Date("2026-06-12T04:00:00.000Z") };
    const first = localDayBounds(NEW_YORK, new Date("2026-06-10T12:00:00Z"));
    expect(first).toEqual(june10);
    first.start.setTime(0);
    expect(localDayBounds(NEW_YORK, new Date("2026-06-11T03:59:59.999Z"))).toEqual(june10);
    expect(localDayBounds(NEW_YORK, new Date("2026-06-11T04:00:00.000Z"))).toEqual(june11);
    expect(localDayBounds(BERLIN, new Date("2026-06-10T12:00:00Z")).start.toISOString()).toBe(
      "2026-06-09T22:00:00.000Z",
    );
    expect(localDayBounds(NEW_YORK, new Date("2026-06-10T04:00:00.000Z"))).toEqual(june10);
    expect(localDayBounds(NEW_YORK, new Date("2026-06-10T03:59:59.999Z")).end).toEqual(june10.start);
  });

  it("an instant in the repeated hour belongs to the change day", () => {
    // 06:30Z is the second 01:30 of 2026-11-01 in New York.
    expect(localDayBounds(NEW_YORK, new Date("2026-11-01T06:30:00Z")).start.toISOString()).toBe(
      "2026-11-01T04:00:00.000Z",
    );
  });
});

describe("localDateKey", () => {
  it.each([
    [NEW_YORK, "2026-03-08T04:59:59Z", "2026-03-07"],
    [NEW_YORK, "2026-03-08T05:00:00Z", "2026-03-08"],
    [NEW_YORK, "2026-11-01T06:30:00Z", "2026-11-01"],
    [APIA, "2026-03-01T12:00:00Z", "2026-03-02"],
    [KATHMANDU, "2026-12-31T18:14:59Z", "2026-12-31"],
    [KATHMANDU, "2026-12-31T18:15:00Z", "2027-01-01"],
    [LORD_HOWE, "2026-10-03T13:29:59Z", "2026-10-03"],
    [LORD_HOWE, "2026-10-03T13:30:00Z", "2026-10-04"],
    ["UTC", "2026-02-05T23:59:59Z", "2026-02-05"],
  ])("%s at %s is %s", (zone, at, key) => {
    expect(localDateKey(zone, new Date(at))).toBe(key);
  });
});

describe("dayBefore", () => {
  it.each([NEW_YORK, BERLIN, HAVANA, KOLKATA, LORD_HOWE, APIA, KATHMANDU, "UTC"])(
    "walks back two years of %s day by day as localDay finds them",
    (zone) => {
      let day = localDay(zone, new Date("2027-01-15T12:00:00Z"));
      for (let i = 0; i < 730; i++) {
        const before = dayBefore(zone, day);
        expect(before).toEqual(localDay(zone, new Date(day.start.getTime() - 1)));
        day = before;
      }
    },
  );
});
