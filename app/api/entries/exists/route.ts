import { endpointRoute } from "@/lib/http/api-route";
import { entryExistsEndpoint } from "@/lib/wallabag/contract";
import { existsQueryOf } from "@/lib/wallabag/exists-query";
import { entriesExist } from "@/lib/wallabag/service";

export const GET = endpointRoute(entryExistsEndpoint, ({ user, url }) =>
  entriesExist(user, existsQueryOf(url.searchParams)),
);
