import { tokenApiRoute } from "@/lib/http/api-route";
import { offlineSync } from "@/lib/offline/service";
import { offlineSyncQuerySchema } from "@/lib/validations/offline-sync";

// What changed in the newest unread links a device keeps offline since its cursor (docs/product.md, "Offline").
export const GET = tokenApiRoute("links:read", async ({ user, url }) =>
  offlineSync(user, offlineSyncQuerySchema.parse(Object.fromEntries(url.searchParams))),
);
