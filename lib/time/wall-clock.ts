// Wall-clock arithmetic in an IANA time zone, pure: the one time-zone engine of the app (digest
// hours, local days; docs/decisions/0313-digest-schedule-vocabulary.md). Digest hours are local
// wall-clock hours in the zone the user picked.
//
// Approach: only `Intl.DateTimeFormat` with `timeZone` is used, so the runtime's tz database is the
// single source of truth. A zone's UTC offset at an instant is read by formatting that instant into
// wall-clock parts and diffing them against the instant. To turn a local wall time back into UTC,
// the offsets in force a day before, at and a day after the naive (wall-as-UTC) instant are tried;
// every candidate whose own offset agrees is a real occurrence. Zero occurrences = skipped by a
// spring-forward gap, two = repeated by a fall-back overlap. This works for any offset granularity
// (30/45-minute zones, Lord Howe's 30-minute DST) without hard-coding rules.

export type CivilDate = { year: number; month: number; day: number };
export type WallTime = CivilDate & { hour: number; minute: number; second: number };

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for an unknown zone, as Intl does. Formatters are cached: creating one is slow. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallTimeAt(timeZone: string, instantMs: number): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    switch (part.type) {
      case "year":
      case "month":
      case "day":
      case "hour":
      case "minute":
      case "second":
        wall[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  return wall;
}

export function wallAsUtcMs(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** Offset (local minus UTC) in ms at an instant; sub-second parts are not shown by Intl, so dropped. */
export function offsetMsAt(timeZone: string, instantMs: number): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallAsUtcMs(wallTimeAt(timeZone, wholeSecond)) - wholeSecond;
}

/** Every UTC instant at which the local clock shows `wall`, ascending: 0 (gap), 1, or 2 (overlap). */
export function occurrencesOf(timeZone: string, wall: WallTime): number[] {
  const naive = wallAsUtcMs(wall);
  // Transitions are far more than a day apart, so these three offsets cover both sides of any change.
  const offsets = new Set([
    offsetMsAt(timeZone, naive - DAY_MS),
    offsetMsAt(timeZone, naive),
    offsetMsAt(timeZone, naive + DAY_MS),
  ]);
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = naive - offset;
    if (offsetMsAt(timeZone, candidate) === offset) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

/** The local calendar date of an instant. */
export function civilDateAt(timeZone: string, instantMs: number): CivilDate {
  const { year, month, day } = wallTimeAt(timeZone, instantMs);
  return { year, month, day };
}

/** Calendar arithmetic on a civil date (Date.UTC normalises overflowing days). */
export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function compareCivil(a: CivilDate, b: CivilDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The first instant the local clock shows `hour`:00 on `date`; when that hour is skipped by a
 * spring-forward gap, the first instant of the next whole local hour that exists.
 */
export function firstInstantOfLocalHour(timeZone: string, date: CivilDate, hour: number): number {
  // A gap never spans a whole day in the zones we serve; 48 hours is a generous bound.
  for (let step = 0; step < 48; step++) {
    const d = new Date(Date.UTC(date.year, date.month - 1, date.day, hour + step));
    const wall: WallTime = {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: 0,
      second: 0,
    };
    const first = occurrencesOf(timeZone, wall)[0];
    if (first !== undefined) return first;
  }
  throw new RangeError(`No valid local hour near ${date.year}-${date.month}-${date.day} in ${timeZone}`);
}
