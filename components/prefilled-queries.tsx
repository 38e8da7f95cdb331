import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * How a page hands the data it read on the server to its client components (docs/decisions/0100):
 * under their query keys, into the browser's query cache. The components read them with the same
 * useQuery they refetch with; data rendered now replaces what an earlier visit left in the cache.
 */
export function PrefilledQueries({
  queries,
  children,
}: {
  queries: ReadonlyArray<readonly [key: QueryKey, data: unknown]>;
  children: ReactNode;
}) {
  const queryClient = new QueryClient();
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
