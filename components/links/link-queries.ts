import { useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import "@/lib/validations/zod-setup";
import { z } from "zod";
import { apiRequest } from "@/lib/fetcher";
import type { LinkResponse } from "@/lib/links";

// Query keys are the API paths, so the default query function (lib/fetcher.ts) fetches them and any
// screen can refresh a list by its path.

export type StashLink = LinkResponse;
export type CustomCategory = { id: string; name: string };

export const TODAY_LINKS_KEY = ["/api/links/today"];
export const HISTORY_KEY = ["/api/links/history"];
export const LINK_CATEGORIES_KEY = ["/api/links/categories"];
export const CATEGORIES_KEY = ["/api/categories"];

/** SPEC §9: the category list is cached for 5 minutes. */
export const CATEGORIES_STALE_TIME_MS = 5 * 60 * 1000;

export function useTodayLinks() {
  return useQuery<StashLink[]>({ queryKey: TODAY_LINKS_KEY });
}

export function useCustomCategories() {
  return useQuery<CustomCategory[]>({ queryKey: CATEGORIES_KEY, staleTime: CATEGORIES_STALE_TIME_MS });
}

export function useLinkCategories() {
  return useQuery<string[]>({ queryKey: LINK_CATEGORIES_KEY });
}

/** After a link is saved or deleted: today's list, every history page and the history's chips. */
export async function refreshLinkLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TODAY_LINKS_KEY }),
    queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
    queryClient.invalidateQueries({ queryKey: LINK_CATEGORIES_KEY }),
  ]);
}

/** One page of GET /api/links/history, as the history list caches it. */
export type HistoryPage = { links: StashLink[]; next: string | null };
/** The history list's filters, the last part of its query key. */
export type HistoryFilters = { category: string; q: string; unread: boolean };

function isUnreadOnlyHistory(queryKey: readonly unknown[]): boolean {
  const filters = queryKey[HISTORY_KEY.length];
  return typeof filters === "object" && filters !== null && "unread" in filters && filters.unread === true;
}

/**
 * PATCH /api/links/{id} { read }: the answer replaces the link in today's list and every cached
 * history page at once; "unread only" lists refetch, since the link may have to leave them.
 */
export function useSetLinkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (read: boolean): Promise<StashLink> => {
      const res = await apiRequest("PATCH", `/api/links/${encodeURIComponent(id)}`, { read });
      return res.json();
    },
    onSuccess: async (updated) => {
      const replace = (links: StashLink[]) => links.map((link) => (link.id === updated.id ? updated : link));
      queryClient.setQueryData<StashLink[]>(TODAY_LINKS_KEY, (links) => (links ? replace(links) : links));
      queryClient.setQueriesData<InfiniteData<HistoryPage>>({ queryKey: HISTORY_KEY }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, links: replace(page.links) })) } : data,
      );
      await queryClient.invalidateQueries({ queryKey: HISTORY_KEY, predicate: (query) => isUnreadOnlyHistory(query.queryKey) });
    },
  });
}

const createdCategorySchema = z.object({ id: z.string(), name: z.string() });

/** POST /api/categories; the new category shows in the cached list at once, then the list refetches. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<CustomCategory> => {
      const res = await apiRequest("POST", "/api/categories", { name });
      return createdCategorySchema.parse(await res.json());
    },
    onSuccess: (category) => {
      queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) =>
        list && !list.some((existing) => existing.id === category.id) ? [...list, category] : list,
      );
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
  });
}
