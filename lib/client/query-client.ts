import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/client/fetcher";

/** Queries never refetch on an interval or on focus, never go stale, never retry; nor do mutations. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
