import { handleStripeWebhook } from "@/lib/billing/webhooks";
import { operationRoute } from "@/lib/http/operation-route";
import { STRIPE_OPERATIONS } from "@/lib/billing/contract";

// Not behind the API wrapper: Stripe posts from its own servers, without a session or an Origin;
// the signature over the raw body is what authenticates the request. A 500 makes Stripe retry.
export const POST = operationRoute(STRIPE_OPERATIONS.webhook, (req: Request) => handleStripeWebhook(req));
