import { feedAddressesEndpoint } from "@/lib/feeds/contract";
import { feedAddresses } from "@/lib/feeds/service";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(feedAddressesEndpoint, ({ user }) => feedAddresses(user));
