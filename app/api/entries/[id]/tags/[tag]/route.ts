import { endpointRoute } from "@/lib/http/api-route";
import { removeEntryTagEndpoint } from "@/lib/wallabag/contract";
import { removeEntryTag } from "@/lib/wallabag/service";

export const DELETE = endpointRoute(removeEntryTagEndpoint, ({ user, params }) =>
  removeEntryTag(user, params.id, params.tag),
);
