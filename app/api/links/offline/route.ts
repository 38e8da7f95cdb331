import { endpointRoute } from "@/lib/http/api-route";
import { offlineSyncEndpoint } from "@/lib/offline/contract";
import { offlineSync } from "@/lib/offline/service";

// What changed in the newest unread links a device keeps offline since its cursor (docs/product.md, "Offline").
export const GET = endpointRoute(offlineSyncEndpoint, async ({ user, query }) => offlineSync(user, query));
