import { endpointRoute } from "@/lib/http/api-route";
import { listSubscriptionsEndpoint, subscribeEndpoint } from "@/lib/subscriptions/contract";
import { listSubscriptions, subscribe } from "@/lib/subscriptions/service";

export const GET = endpointRoute(listSubscriptionsEndpoint, ({ user }) => listSubscriptions(user));

export const POST = endpointRoute(subscribeEndpoint, async ({ user, body }) => {
  const { subscription, created } = await subscribe(user, body);
  return created ? subscription : Response.json(subscription);
});
