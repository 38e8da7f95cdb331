import { endpointRoute } from "@/lib/http/api-route";
import { refreshSubscriptionEndpoint } from "@/lib/subscriptions/contract";
import { refreshSubscription } from "@/lib/subscriptions/service";

export const POST = endpointRoute(refreshSubscriptionEndpoint, ({ user, params }) =>
  refreshSubscription(user, params.id),
);
