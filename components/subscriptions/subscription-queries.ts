import { useQuery, type QueryClient } from "@tanstack/react-query";
import { SUBSCRIPTIONS_KEY } from "@/lib/client/query-keys";
import type { SubscriptionResponse } from "@/lib/subscriptions/schemas";

// The feed subscriptions' list as Settings caches it (GET /api/feeds, oldest first), and its updates
// from the answers of POST, PATCH and refresh, which each carry the subscription as it now is.

export function useSubscriptions() {
  return useQuery<SubscriptionResponse[]>({ queryKey: SUBSCRIPTIONS_KEY });
}

/** Puts `subscription` in the cached list: in its place when listed, else at the end. */
export function showSubscription(queryClient: QueryClient, subscription: SubscriptionResponse): void {
  queryClient.setQueryData<SubscriptionResponse[]>(SUBSCRIPTIONS_KEY, (list = []) =>
    list.some((listed) => listed.id === subscription.id)
      ? list.map((listed) => (listed.id === subscription.id ? subscription : listed))
      : [...list, subscription],
  );
}

export function forgetSubscription(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<SubscriptionResponse[]>(SUBSCRIPTIONS_KEY, (list) =>
    list?.filter((listed) => listed.id !== id),
  );
}
