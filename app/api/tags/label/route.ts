import { endpointRoute } from "@/lib/http/api-route";
import { deleteTagsByLabelEndpoint } from "@/lib/wallabag/contract";
import { deleteTagsByLabel } from "@/lib/wallabag/tags";

export const DELETE = endpointRoute(deleteTagsByLabelEndpoint, ({ user, query }) =>
  deleteTagsByLabel(user, query.tags),
);
