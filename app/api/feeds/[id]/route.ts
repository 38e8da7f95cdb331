import { endpointRoute } from "@/lib/http/api-route";
import { unsubscribeEndpoint, updateSubscriptionEndpoint } from "@/lib/subscriptions/contract";
import { unsubscribe, updateSubscription } from "@/lib/subscriptions/service";

export const PATCH = endpointRoute(updateSubscriptionEndpoint, ({ user, params, body }) =>
  updateSubscription(user, params.id, body),
);

export const DELETE = endpointRoute(unsubscribeEndpoint, async ({ user, params }) => {
  await unsubscribe(user, params.id);
  return { success: true as const };
});
