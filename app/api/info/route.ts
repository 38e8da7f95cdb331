import { endpointRoute } from "@/lib/http/api-route";
import { infoEndpoint } from "@/lib/wallabag/contract";
import { serverInfo } from "@/lib/wallabag/service";

export const GET = endpointRoute(infoEndpoint, async () => serverInfo());
