// The time-zone picker's choices, pure: canonical IANA names (runtimes still list some renamed zones
// under their old names), each with its current UTC offset, the browser's zone first, and a search
// that finds a zone by city, region, an old name or its offset.

import { offsetMsAt } from "@/lib/time/wall-clock";

/** Whether the runtime knows this IANA zone name (kept apart from the schemas: forms need it without zod). */
export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/**
 * Names the IANA database has replaced, and their current names. CLDR, and so Intl in browsers and
 * Node, keeps listing the old ones ("Asia/Calcutta", "Europe/Kiev").
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Europe/Uzhgorod": "Europe/Kyiv",
  "Europe/Zaporozhye": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

export function canonicalZone(zone: string): string {
  return RENAMED_ZONES[zone] ?? zone;
}

export type ZoneOption = {
  zone: string;
  /** "America/New York" */
  label: string;
  /** "UTC−05:00" now (it changes with daylight saving time). */
  offset: string;
  /** Lower-case text the search matches: the name with spaces, old names, the offset. */
  searchText: string;
};

/** "UTC+05:30", "UTC-03:00", "UTC+00:00". */
export function formatUtcOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const sign = offsetMs < 0 ? "-" : "+";
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `UTC${sign}${hh}:${mm}`;
}

/**
 * Every zone once, under its current name, sorted by name, with the browser's zone first: the
 * runtime's zones plus the saved one and UTC, which runtimes may not list.
 */
export function zoneOptions(
  supported: readonly string[],
  extra: { current: string; browser: string | null },
  now: Date,
  isValid: (zone: string) => boolean,
): ZoneOption[] {
  const oldNames = new Map<string, string[]>();
  for (const [old, current] of Object.entries(RENAMED_ZONES))
    oldNames.set(current, [...(oldNames.get(current) ?? []), old]);
  const browser = extra.browser ? canonicalZone(extra.browser) : null;
  const zones = [...new Set([...supported, extra.current, "UTC", ...(browser ? [browser] : [])].map(canonicalZone))]
    .filter(isValid)
    .sort();
  const ordered = browser && zones.includes(browser) ? [browser, ...zones.filter((zone) => zone !== browser)] : zones;
  return ordered.map((zone) => {
    const label = zone.replaceAll("_", " ");
    const offset = formatUtcOffset(offsetMsAt(zone, now.getTime()));
    const aliases = (oldNames.get(zone) ?? []).map((old) => old.replaceAll("_", " "));
    return { zone, label, offset, searchText: [label, ...aliases, offset].join(" ").toLowerCase() };
  });
}

/**
 * The options whose text holds every word of the query ("new york", "tokyo", "kiev", "+09"); all of
 * them for an empty query.
 */
export function searchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.searchText.includes(word)));
}
