import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { apiRequest, throwIfNotOk } from "@/lib/client/fetcher";
import { nextLinkTarget } from "@/lib/client/link-header";
import {
  BACK_TODAY_KEY,
  HISTORY_KEY,
  LINK_CATEGORIES_KEY,
  READING_STATS_KEY,
  TODAY_LINKS_KEY,
} from "@/lib/client/query-keys";
import { DAY_TOTALS_HEADER, parseDayTotals } from "@/lib/links/day-totals";
import type { LinkResponse } from "@/lib/links/response";
import { awaitsTitle, TITLE_POLL_MS } from "@/lib/links/awaiting-title";

// The queries and mutations of links; their keys are in lib/client/query-keys.ts. Categories of
// the user's own: components/categories/category-queries.ts.

export type StashLink = LinkResponse;

/** One page of GET /api/links/today or /api/links/history, as the lists cache it. */
export type LinkListPage = { links: StashLink[]; next: string | null; dayTotals: Record<string, number> };

/** A page of links; the next page's address is in the Link header, each day's total in X-Day-Totals. */
export async function fetchLinkPage(url: string, signal: AbortSignal): Promise<LinkListPage> {
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfNotOk(res);
  const links: StashLink[] = await res.json();
  return {
    links,
    next: nextLinkTarget(res.headers.get("Link")),
    dayTotals: Object.fromEntries(parseDayTotals(res.headers.get(DAY_TOTALS_HEADER))),
  };
}

/** The day totals of every loaded page; a later page's figure for a day is the fresher one. */
export function mergedDayTotals(pages: readonly LinkListPage[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const page of pages) for (const [day, total] of Object.entries(page.dayTotals)) totals.set(day, total);
  return totals;
}

/** Today's links, newest first, a page at a time: the dashboard pages as the history does (decision 0182). */
export function useTodayLinks() {
  return useInfiniteQuery({
    queryKey: TODAY_LINKS_KEY,
    queryFn: ({ pageParam, signal }) => fetchLinkPage(pageParam, signal),
    initialPageParam: "/api/links/today",
    getNextPageParam: (last) => last.next ?? undefined,
    // A link just saved gets its title from its page in the background: the list asks again until it has.
    refetchInterval: (query) =>
      awaitsTitle(query.state.data?.pages[0]?.links ?? [], Date.now()) ? TITLE_POLL_MS : false,
  });
}

/** "Back today": the links whose reminder day has come, not paged (the dashboard prefills it). */
export function useBackToday() {
  return useQuery<StashLink[]>({ queryKey: BACK_TODAY_KEY });
}

export function useLinkCategories() {
  return useQuery<string[]>({ queryKey: LINK_CATEGORIES_KEY });
}

/** After a link is saved or deleted: today's list, every history page, the history's chips and the reading chart. */
export async function refreshLinkLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    // A refetch already under way is kept, not cancelled: it shows as a cancelled request otherwise.
    queryClient.invalidateQueries({ queryKey: TODAY_LINKS_KEY }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: HISTORY_KEY }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: LINK_CATEGORIES_KEY }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: READING_STATS_KEY }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: BACK_TODAY_KEY }, { cancelRefetch: false }),
  ]);
}

/** A history list filtered by a link's state ("Unread only", "Favorites"), which a change can move it into or out of. */
function isStateFilteredHistory(queryKey: readonly unknown[]): boolean {
  const filters = queryKey[HISTORY_KEY.length];
  if (typeof filters !== "object" || filters === null) return false;
  return ("unread" in filters && filters.unread === true) || ("favorites" in filters && filters.favorites === true);
}

/** What PATCH /api/links/{id} changes: any of these (lib/links/schemas.ts). */
export type LinkChange = { read?: boolean; remindOn?: string | null; archived?: boolean; favorite?: boolean };

/**
 * PATCH /api/links/{id}: the answer replaces the link in today's list and every cached history
 * page at once; "Back today" and the "unread only" and Favorites lists refetch, since the link may have to join
 * or leave them, and so does the reading chart, whose week of reading may have changed.
 */
export function useUpdateLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: LinkChange): Promise<StashLink> => {
      const res = await apiRequest("PATCH", `/api/links/${encodeURIComponent(id)}`, change);
      return res.json();
    },
    onSuccess: async (updated) => {
      const replace = (data: InfiniteData<LinkListPage> | undefined) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                links: page.links.map((link) => (link.id === updated.id ? updated : link)),
              })),
            }
          : data;
      queryClient.setQueryData<InfiniteData<LinkListPage>>(TODAY_LINKS_KEY, replace);
      queryClient.setQueriesData<InfiniteData<LinkListPage>>({ queryKey: HISTORY_KEY }, replace);
      // Not waited for: Back today's refetch may take the very item that asked off the page, and a
      // mutate() callback (its toast) is dropped once its component has gone.
      void queryClient.invalidateQueries({ queryKey: BACK_TODAY_KEY });
      void queryClient.invalidateQueries({ queryKey: READING_STATS_KEY });
      await queryClient.invalidateQueries({
        queryKey: HISTORY_KEY,
        predicate: (query) => isStateFilteredHistory(query.queryKey),
      });
    },
  });
}

/** PATCH /api/links/{id} { read }: marks the link read or unread (useUpdateLink). */
export function useSetLinkRead(id: string) {
  const update = useUpdateLink(id);
  return {
    ...update,
    mutate: (read: boolean, options?: Parameters<typeof update.mutate>[1]) => update.mutate({ read }, options),
  };
}
