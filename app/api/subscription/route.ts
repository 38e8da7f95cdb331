import { apiRoute } from "@/lib/http/api-route";
import { subscriptionInfo } from "@/lib/billing/subscription-info";

export const GET = apiRoute(async ({ user }) => subscriptionInfo(user));
