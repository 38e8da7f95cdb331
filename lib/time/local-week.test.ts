import { describe, expect, it } from "vitest";
import { BERLIN, HAVANA, NEW_YORK } from "@/tests/support/time-zones";
import { localWeeksUpTo } from "./local-week";

const AUCKLAND = "Pacific/Auckland";
const hours = (week: { start: Date; end: Date }) => (week.end.getTime() - week.start.getTime()) / 3_600_000;

describe("localWeeksUpTo", () => {
  it("ends with the week containing the moment, which starts on its Monday", () => {
    // Wednesday 2026-11-25 in New York.
    const weeks = localWeeksUpTo(NEW_YORK, new Date("2026-11-25T15:00:00Z"), 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({
      key: "2026-11-23",
      start: new Date("2026-11-23T05:00:00.000Z"),
      end: new Date("2026-11-30T05:00:00.000Z"),
    });
    expect(weeks[0]?.key).toBe("2026-09-07");
  });

  it("counts a Monday in its own week and a Sunday in the week before", () => {
    // 2026-11-23 00:30 in Auckland (UTC+13) is still Sunday 22 in UTC.
    const monday = localWeeksUpTo(AUCKLAND, new Date("2026-11-22T11:30:00Z"), 1);
    expect(monday[0]?.key).toBe("2026-11-23");
    expect(monday[0]?.start.toISOString()).toBe("2026-11-22T11:00:00.000Z");
    // One minute before that Monday's start: Sunday, the week of the 16th.
    const sunday = localWeeksUpTo(AUCKLAND, new Date("2026-11-22T10:59:00Z"), 1);
    expect(sunday[0]?.key).toBe("2026-11-16");
  });

  it("weeks follow each other with no gap or overlap, each seven local days", () => {
    const weeks = localWeeksUpTo(BERLIN, new Date("2026-11-26T12:00:00Z"), 12);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]?.start).toEqual(weeks[i - 1]?.end);
    // Summer time ends on Sunday 2026-10-25: that week has 169 hours, the others 168.
    expect(weeks.map(hours).filter((length) => length !== 168)).toEqual([169]);
    expect(weeks.find((week) => hours(week) === 169)?.key).toBe("2026-10-19");
  });

  it("a week in Auckland's spring-forward is 167 hours", () => {
    // New Zealand summer time starts on Sunday 2026-09-27.
    const weeks = localWeeksUpTo(AUCKLAND, new Date("2026-10-01T00:00:00Z"), 2);
    expect(weeks.map((week) => [week.key, hours(week)])).toEqual([
      ["2026-09-21", 167],
      ["2026-09-28", 168],
    ]);
  });

  it("a week with a skipped midnight is 167 hours and ends at the next Monday's first instant", () => {
    // Havana skips the midnight of Sunday 2026-03-08 (clocks jump to 01:00 CDT).
    const [week] = localWeeksUpTo(HAVANA, new Date("2026-03-08T12:00:00Z"), 1);
    expect(week?.key).toBe("2026-03-02");
    expect(week?.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(week && hours(week)).toBe(167);
  });
});
