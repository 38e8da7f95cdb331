import { billingPortalEndpoint } from "@/lib/billing/contract";
import { createBillingPortalSession } from "@/lib/billing/portal";
import { endpointRoute } from "@/lib/http/api-route";

export const POST = endpointRoute(billingPortalEndpoint, async ({ user }) => createBillingPortalSession(user));
