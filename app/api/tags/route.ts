import { endpointRoute } from "@/lib/http/api-route";
import { listTagsEndpoint } from "@/lib/wallabag/contract";
import { listTags } from "@/lib/wallabag/service";

export const GET = endpointRoute(listTagsEndpoint, ({ user }) => listTags(user));
