// The history page's filters as they live in its address (?category=, ?q=, ?unread=1, ?favorites=1), and the
// API address of their first page: one reading for the page's server render and its list.

export type HistoryFilters = { category: string; q: string; unread: boolean; favorites: boolean };

export function historyFiltersOf(params: { get: (name: string) => string | null }): HistoryFilters {
  return {
    category: params.get("category")?.trim() ?? "",
    q: params.get("q")?.trim() ?? "",
    unread: params.get("unread") === "1",
    favorites: params.get("favorites") === "1",
  };
}

export function firstHistoryPageUrl({ category, q, unread, favorites }: HistoryFilters): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (q) params.set("q", q);
  if (unread) params.set("unread", "1");
  if (favorites) params.set("favorites", "1");
  const query = params.toString();
  return query ? `/api/links/history?${query}` : "/api/links/history";
}
