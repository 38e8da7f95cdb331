import { handleStripeWebhook } from "@/lib/billing/webhooks";
import { withRouteErrors } from "@/lib/http/route-errors";

// Not behind the API wrapper: Stripe posts from its own servers, without a session or an Origin;
// the signature over the raw body is what authenticates the request. A 500 makes Stripe retry.
export const POST = withRouteErrors((req: Request) => handleStripeWebhook(req));
