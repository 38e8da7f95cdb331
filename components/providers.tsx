"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { makeQueryClient } from "@/lib/client/query-client";

let browserQueryClient: QueryClient | undefined;

// One client per browser tab, whichever page mounts it first, so the cache outlives a client-side
// navigation between pages that each carry a provider; on the server, one per render, never shared
// between users.
function queryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

/**
 * The query cache, for the pages whose client components fetch or mutate through it; a page without
 * them does not load TanStack Query at all.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
