import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  DEFAULT_CATEGORY,
  findExistingCategory,
  MAX_CATEGORIES_PER_LINK,
  MAX_CATEGORY_NAME_LENGTH,
} from "@/lib/categories/rules";
import type { ExportedHighlight } from "@/lib/highlights/exported";
import { normalizeImportedUrl, type NormalizedUrl } from "@/lib/links/url";
import { MAX_NOTES_LENGTH } from "@/lib/links/schemas";

// One bookmark as read from any import format, and the rules that turn it into a link row: the
// same URL normalisation and category rules as saving a link by hand.

export type ImportRecord = {
  /** The line of the file the record starts on (for error reports). */
  line: number;
  url: string;
  title: string | null;
  notes: string | null;
  tags: string[];
  createdAt: Date | null;
  readAt: Date | null;
  /** LinkStash's own formats only ("Not interested", and the day the link comes back on). */
  archivedAt?: Date | null;
  remindOn?: Date | null;
  /** In Favorites: LinkStash's formats, and Instapaper's Starred folder. */
  favoritedAt?: Date | null;
  /** LinkStash JSON only: the link's highlights, checked as the API checks them. */
  highlights?: ExportedHighlight[];
};

export type LinkRow = {
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
  remindOn: Date | null;
  favoritedAt: Date | null;
  highlights: ExportedHighlight[];
};

export type RowResult = { ok: true; row: LinkRow } | { ok: false; line: number; reason: string };

export const MAX_TITLE_LENGTH = 500;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// A title is one line: a break and the spaces around it become one space.
const CONTROL_OR_BREAK = /\s*[\u0000-\u001f\u007f]+\s*/g;

/** Text PostgreSQL can store: no NUL, no lone surrogate, no stray control characters. */
function clean(text: string, keepBreaks: boolean): string {
  return text
    .replaceAll("\u0000", "")
    .toWellFormed()
    .replace(keepBreaks ? CONTROL : CONTROL_OR_BREAK, keepBreaks ? "" : " ")
    .trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half of a character written as two UTF-16 units (an emoji): the database refuses one.
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/**
 * Distinct tag names (ignoring case) as categories: built-in names take their own spelling, names
 * too long or empty are dropped from categories but kept with the overflow. Shared with the apps'
 * API, whose tags are categories too.
 */
export function splitCategories(tags: readonly string[]): { categories: string[]; overflow: string[] } {
  const seen = new Set<string>();
  const categories: string[] = [];
  const overflow: string[] = [];
  for (const raw of tags) {
    const name = clean(raw.normalize("NFC"), false);
    const key = categoryKey(name);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    if (name.length > MAX_CATEGORY_NAME_LENGTH || categories.length >= MAX_CATEGORIES_PER_LINK) overflow.push(name);
    else categories.push(findExistingCategory(name, BUILT_IN_CATEGORIES, []) ?? name);
  }
  return { categories, overflow };
}

/** The line of a link's notes that keeps the tags past its three categories. */
export function overflowTagsNote(overflow: readonly string[]): string {
  return `Tags: ${overflow.join(", ")}`;
}

/**
 * The title of a link read from any format: its text, trimmed; empty is no title. Text equal to the
 * link's address is a title like any other (Pocket writes untitled items so, in its CSV and its
 * HTML alike, and LinkStash exports such a title as it is stored), so every format keeps it.
 */
export function importedTitle(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/**
 * The address in an export file's URL column: the save rule (lib/links/url.ts), so an address the
 * add form takes ("example.com/page") imports too, and a name ("Node.js") is refused by both.
 */
export function importedUrl(value: string): NormalizedUrl {
  return normalizeImportedUrl(value);
}

function validDate(value: Date | null): value is Date {
  return value !== null && !Number.isNaN(value.getTime());
}

/** The earliest time an import keeps: the Unix epoch (what "read, time unknown" is written as). */
export const EARLIEST_IMPORTED_TIME = new Date(0);
/** How far past `now` an imported time may be: a clock or a time zone a day off, not more. */
export const IMPORTED_TIME_LEEWAY_MS = 86_400_000;

/**
 * Whether an imported time is one a bookmark can have: from 1970 to a day after `now`. JavaScript
 * reads years up to ±275760 ("+200000-01-01", "-001000-01-01") that the database cannot store
 * or that no bookmark has; outside this range a time counts as impossible.
 */
export function isPlausibleImportedTime(value: Date, now: Date): boolean {
  const time = value.getTime();
  return time >= EARLIEST_IMPORTED_TIME.getTime() && time <= now.getTime() + IMPORTED_TIME_LEEWAY_MS;
}

/**
 * The link row for a record, or why it cannot be one. Times are kept but never later than `cap`
 * (a missing or impossible time becomes `cap`), so imported links stay out of the next digest. A
 * read time outside the plausible range still says the link was read: at its save time. A
 * highlight's impossible time becomes the link's.
 */
export function toLinkRow(record: ImportRecord, cap: Date, now: Date): RowResult {
  const normalized = importedUrl(record.url);
  if (!normalized.ok) {
    const shown = truncate(clean(record.url, false), 80);
    return { ok: false, line: record.line, reason: shown === "" ? "no URL" : `${normalized.message}: ${shown}` };
  }
  const { categories, overflow } = splitCategories(record.tags);
  const notesParts = [
    record.notes ? clean(record.notes, true) : "",
    overflow.length > 0 ? overflowTagsNote(overflow) : "",
  ].filter(Boolean);
  const notes = notesParts.length > 0 ? truncate(notesParts.join("\n\n"), MAX_NOTES_LENGTH) : null;
  const title = record.title ? truncate(clean(record.title, false), MAX_TITLE_LENGTH) || null : null;
  const plausible = (value: Date | null): value is Date => validDate(value) && isPlausibleImportedTime(value, now);
  const createdAt = plausible(record.createdAt) && record.createdAt.getTime() < cap.getTime() ? record.createdAt : cap;
  const readAt = !validDate(record.readAt)
    ? null
    : plausible(record.readAt)
      ? new Date(Math.max(record.readAt.getTime(), createdAt.getTime()))
      : createdAt;
  // Archive and favorite times are kept like a read time; a reminder day is a calendar day, kept as it is.
  const stateTime = (value: Date | null | undefined): Date | null =>
    !value || !validDate(value)
      ? null
      : plausible(value)
        ? new Date(Math.max(value.getTime(), createdAt.getTime()))
        : createdAt;
  const archivedAt = stateTime(record.archivedAt);
  const favoritedAt = stateTime(record.favoritedAt);
  const remindOn = record.remindOn && validDate(record.remindOn) ? record.remindOn : null;
  const highlights = (record.highlights ?? []).map((highlight) =>
    plausible(highlight.createdAt) ? highlight : { ...highlight, createdAt },
  );
  const [primary = DEFAULT_CATEGORY, ...others] = categories;
  return {
    ok: true,
    row: {
      url: normalized.url,
      title,
      notes,
      category: primary,
      categories: [primary, ...others],
      createdAt,
      readAt,
      archivedAt,
      remindOn,
      favoritedAt,
      highlights,
    },
  };
}

/** A reminder day, "2026-12-01", as midnight UTC (how the date-only column holds it); else none. */
export function reminderDay(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  const date = new Date(`${value.trim()}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim() ? null : date;
}

/** The archived, reminder and favorite fields of a record, only those a file holds (most formats hold none). */
export function stateOf(
  archivedAt: Date | null,
  remindOn: Date | null,
  favoritedAt: Date | null,
): Pick<ImportRecord, "archivedAt" | "remindOn" | "favoritedAt"> {
  return { ...(archivedAt && { archivedAt }), ...(remindOn && { remindOn }), ...(favoritedAt && { favoritedAt }) };
}

/** Unix seconds as written by Pocket, Instapaper and bookmark files; null when not a plausible time. */
export function fromUnixSeconds(value: string | undefined): Date | null {
  const trimmed = value?.trim() ?? "";
  if (!/^\d{1,11}$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  return seconds > 0 ? new Date(seconds * 1000) : null;
}
