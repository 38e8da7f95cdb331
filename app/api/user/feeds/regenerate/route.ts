import { regenerateFeedAddressesEndpoint } from "@/lib/feeds/contract";
import { regenerateFeedAddresses } from "@/lib/feeds/service";
import { endpointRoute } from "@/lib/http/api-route";

export const POST = endpointRoute(regenerateFeedAddressesEndpoint, ({ user }) => regenerateFeedAddresses(user));
