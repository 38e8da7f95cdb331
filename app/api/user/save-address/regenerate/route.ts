import { apiRoute } from "@/lib/http/api-route";
import { regenerateSaveAddress } from "@/lib/inbound-mail/save-address";

// A new save address; the old one stops working at once.
export const POST = apiRoute(async ({ user }) => regenerateSaveAddress(user));
