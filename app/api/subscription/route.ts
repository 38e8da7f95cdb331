import { apiRoute } from "@/lib/api";
import { subscriptionInfo } from "@/lib/billing/subscription-info";

export const GET = apiRoute(async ({ user }) => subscriptionInfo(user));
