import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
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
