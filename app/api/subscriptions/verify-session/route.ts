import { apiRoute } from "@/lib/http/api-route";
import { verifyCheckoutSession } from "@/lib/billing/checkout";
import { verifySessionQuerySchema } from "@/lib/validations/billing";

export const GET = apiRoute(async ({ user, url }) => {
  const { session_id } = verifySessionQuerySchema.parse(Object.fromEntries(url.searchParams));
  return verifyCheckoutSession(user, session_id);
});
