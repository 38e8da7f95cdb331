// The runtime messages the background answers (docs/decisions/0323). Pure: the popup, the options
// page and the tests speak the same shapes.

/** `{ type: "save", url, title?, notes?, categories? }`: the one way every entry point saves. */
export type SaveRequest = { url: string; title?: string; notes?: string; categories?: string[] };

export type SavedLink = { id: string; url: string; title: string | null; categories: string[] };

export type SaveAnswer =
  | { ok: true; link: SavedLink; alreadySaved: boolean }
  | { ok: true; queued: true; message: string }
  | { ok: false; code: string; message: string };

export type ExtensionMessage = { type: "save"; request: SaveRequest } | { type: "flush" };

export const INVALID_MESSAGE =
  "A save needs a url (a string); title and notes are strings, categories a list of names.";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const optionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === "string";

/** A message as sent, checked: a save with its fields, a flush, or null for anything else. */
export function parseMessage(value: unknown): ExtensionMessage | { type: "invalid" } | null {
  if (!isRecord(value)) return null;
  if (value.type === "flush") return { type: "flush" };
  if (value.type !== "save") return null;
  const { url, title, notes, categories } = value;
  const categoriesOk =
    categories === undefined || (Array.isArray(categories) && categories.every((name) => typeof name === "string"));
  if (typeof url !== "string" || !optionalString(title) || !optionalString(notes) || !categoriesOk)
    return { type: "invalid" };
  const request: SaveRequest = { url };
  if (title !== undefined) request.title = title;
  if (notes !== undefined) request.notes = notes;
  if (Array.isArray(categories))
    request.categories = categories.filter((name): name is string => typeof name === "string");
  return { type: "save", request };
}
