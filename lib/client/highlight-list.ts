import type { HighlightResponse } from "@/lib/highlights/response";

// The reader's cached list of one link's highlights, changed in place of a new read after a save:
// in the order the server lists them (oldest first, then by id), each highlight once.

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function sortHighlights(list: readonly HighlightResponse[]): HighlightResponse[] {
  return [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || byId(a.id, b.id));
}

/** The list with a highlight just created (or answered again: it replaces the one it holds). */
export function addHighlight(list: readonly HighlightResponse[], created: HighlightResponse): HighlightResponse[] {
  return sortHighlights([...list.filter((item) => item.id !== created.id), created]);
}

/** The list with a saved highlight's new note or colour; a highlight it does not hold is not added. */
export function replaceHighlight(list: readonly HighlightResponse[], updated: HighlightResponse): HighlightResponse[] {
  return list.map((item) => (item.id === updated.id ? updated : item));
}

export function removeHighlight(list: readonly HighlightResponse[], id: string): HighlightResponse[] {
  return list.filter((item) => item.id !== id);
}
