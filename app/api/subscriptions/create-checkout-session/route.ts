import { createCheckoutSession } from "@/lib/billing/checkout";
import { createCheckoutEndpoint } from "@/lib/billing/contract";
import { endpointRoute } from "@/lib/http/api-route";

export const POST = endpointRoute(createCheckoutEndpoint, async ({ user }) => createCheckoutSession(user));
