import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditorValue } from "@/components/reader/highlight-editor";
import { apiRequest } from "@/lib/client/fetcher";
import { addHighlight, removeHighlight, replaceHighlight } from "@/lib/client/highlight-list";
import { highlightsKey } from "@/lib/client/query-keys";
import type { HighlightResponse } from "@/lib/highlights/response";

// One link's highlights in the reader, through the query cache (highlightsKey): read when the reader
// opens, and changed in the cache by each save rather than read again.

/** The link's highlights; read anew whenever the reader opens (another tab may have changed them). */
export function useHighlights(linkId: string) {
  const [path] = highlightsKey(linkId);
  return useQuery({
    queryKey: highlightsKey(linkId),
    queryFn: async (): Promise<HighlightResponse[]> => {
      const body: { highlights: HighlightResponse[] } = await (await apiRequest("GET", path)).json();
      return body.highlights;
    },
    refetchOnMount: "always",
  });
}

/** Creating, editing and deleting the link's highlights; each answer goes into the cached list. */
export function useHighlightMutations(linkId: string) {
  const queryClient = useQueryClient();
  const key = highlightsKey(linkId);
  const [base] = key;
  // A list that never loaded (offline) starts empty, as the reader shows it.
  const change = (edit: (list: readonly HighlightResponse[]) => HighlightResponse[]) =>
    queryClient.setQueryData<HighlightResponse[]>(key, (list) => edit(list ?? []));

  const create = useMutation({
    mutationFn: async (body: object): Promise<HighlightResponse> => (await apiRequest("POST", base, body)).json(),
    onSuccess: (created) => change((list) => addHighlight(list, created)),
  });
  const update = useMutation({
    mutationFn: async ({ id, value }: { id: string; value: EditorValue }): Promise<HighlightResponse> =>
      (await apiRequest("PATCH", `${base}/${id}`, value)).json(),
    onSuccess: (updated) => change((list) => replaceHighlight(list, updated)),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `${base}/${id}`);
    },
    onSuccess: (_, id) => change((list) => removeHighlight(list, id)),
  });
  return { create, update, remove, busy: create.isPending || update.isPending || remove.isPending };
}
