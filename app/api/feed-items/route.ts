import { endpointRoute } from "@/lib/http/api-route";
import { listFeedItemsEndpoint } from "@/lib/subscriptions/feed-items-contract";
import { listFeedItems } from "@/lib/subscriptions/feed-items";

export const GET = endpointRoute(listFeedItemsEndpoint, async ({ user }) => listFeedItems(user.id));
