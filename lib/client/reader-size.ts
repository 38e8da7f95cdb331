// The reader's text size, remembered in this browser (localStorage), like the theme.

export const READER_SIZES = [
  { value: "small", label: "Small" },
  { value: "medium", label: "Medium" },
  { value: "large", label: "Large" },
  { value: "x-large", label: "Extra large" },
] as const;

export type ReaderSize = (typeof READER_SIZES)[number]["value"];

export const READER_SIZE_STORAGE_KEY = "linkstash-reader-size";
export const MARK_READ_AT_END_STORAGE_KEY = "linkstash-reader-mark-read-at-end";

export function parseReaderSize(value: unknown): ReaderSize {
  return READER_SIZES.find((size) => size.value === value)?.value ?? "medium";
}

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage blocked (privacy settings): nothing remembered.
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}
