import { handleStripeWebhook } from "@/lib/billing/webhooks";

// Not behind the API wrapper: Stripe posts from its own servers, without a session or an Origin;
// the signature over the raw body is what authenticates the request.
export const POST = (req: Request) => handleStripeWebhook(req);
