import { endpointRoute } from "@/lib/http/api-route";
import { versionEndpoint } from "@/lib/wallabag/contract";
import { WALLABAG_VERSION } from "@/lib/wallabag/service";

export const GET = endpointRoute(versionEndpoint, async () => WALLABAG_VERSION);
