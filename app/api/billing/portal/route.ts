import { apiRoute } from "@/lib/http/api-route";
import { createBillingPortalSession } from "@/lib/billing/portal";

export const POST = apiRoute(async ({ user }) => createBillingPortalSession(user));
