// The history page's filters as they live in its address (?category=, ?q=, ?unread=1), and the
// API address of their first page: one reading for the page's server render and its list.

export type HistoryFilters = { category: string; q: string; unread: boolean };

export function historyFiltersOf(params: { get: (name: string) => string | null }): HistoryFilters {
  return {
    category: params.get("category")?.trim() ?? "",
    q: params.get("q")?.trim() ?? "",
    unread: params.get("unread") === "1",
  };
}

export function firstHistoryPageUrl({ category, q, unread }: HistoryFilters): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (q) params.set("q", q);
  if (unread) params.set("unread", "1");
  const query = params.toString();
  return query ? `/api/links/history?${query}` : "/api/links/history";
}
