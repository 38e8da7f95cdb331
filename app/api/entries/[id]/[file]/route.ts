import { endpointRoute } from "@/lib/http/api-route";
import { exportEntryEndpoint } from "@/lib/wallabag/contract";
import { exportEntry } from "@/lib/wallabag/service";

export const GET = endpointRoute(exportEntryEndpoint, ({ user, params }) => exportEntry(user, params.id, params.file));
