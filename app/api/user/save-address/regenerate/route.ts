import { endpointRoute } from "@/lib/http/api-route";
import { regenerateSaveAddressEndpoint } from "@/lib/inbound-mail/contract";
import { regenerateSaveAddress } from "@/lib/inbound-mail/save-address";

// A new save address; the old one stops working at once.
export const POST = endpointRoute(regenerateSaveAddressEndpoint, async ({ user }) => regenerateSaveAddress(user));
