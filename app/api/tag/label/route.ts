import { endpointRoute } from "@/lib/http/api-route";
import { deleteTagByLabelEndpoint } from "@/lib/wallabag/contract";
import { deleteTag } from "@/lib/wallabag/tags";

export const DELETE = endpointRoute(deleteTagByLabelEndpoint, ({ user, query }) => deleteTag(user, query.tag));
