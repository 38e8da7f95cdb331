import { apiRoute } from "@/lib/http/api-route";
import { createCheckoutSession } from "@/lib/billing/checkout";

// No payload: the server decides the price (STRIPE_PRICE_ID) and the user comes from the session.
export const POST = apiRoute(async ({ user }) => createCheckoutSession(user));
