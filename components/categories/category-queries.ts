import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/fetcher";
import { CATEGORIES_KEY } from "@/lib/client/query-keys";

// The user's own categories: the list and its creation. Apart from the link lists' queries, so a
// page that only manages categories (Settings) loads none of those.

export type CustomCategory = { id: string; name: string };

/** The category list is cached for 5 minutes (docs/product.md, "Notifications and timings"). */
export const CATEGORIES_STALE_TIME_MS = 5 * 60 * 1000;

export function useCustomCategories() {
  return useQuery<CustomCategory[]>({ queryKey: CATEGORIES_KEY, staleTime: CATEGORIES_STALE_TIME_MS });
}

/**
 * The created category in POST /api/categories' answer. Checked by hand: zod would add ~31 KB (gzip)
 * to every page listing links, for two string fields.
 */
function createdCategory(body: unknown): CustomCategory {
  if (
    typeof body === "object" &&
    body !== null &&
    "id" in body &&
    typeof body.id === "string" &&
    "name" in body &&
    typeof body.name === "string"
  )
    return { id: body.id, name: body.name };
  throw new Error("The server's answer did not name the new category.");
}

/** POST /api/categories; the new category shows in the cached list at once, then the list refetches. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<CustomCategory> => {
      const res = await apiRequest("POST", "/api/categories", { name });
      return createdCategory(await res.json());
    },
    onSuccess: (category) => {
      queryClient.setQueryData<CustomCategory[]>(CATEGORIES_KEY, (list) =>
        list && !list.some((existing) => existing.id === category.id) ? [...list, category] : list,
      );
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
  });
}
