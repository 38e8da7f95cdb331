import { subscriptionEndpoint } from "@/lib/billing/contract";
import { subscriptionInfo } from "@/lib/billing/subscription-info";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(subscriptionEndpoint, async ({ user }) => subscriptionInfo(user));
