import { verifyCheckoutSession } from "@/lib/billing/checkout";
import { verifyCheckoutEndpoint } from "@/lib/billing/contract";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(verifyCheckoutEndpoint, async ({ user, query }) =>
  verifyCheckoutSession(user, query.session_id),
);
