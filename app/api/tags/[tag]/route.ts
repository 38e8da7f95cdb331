import { endpointRoute } from "@/lib/http/api-route";
import { deleteTagEndpoint } from "@/lib/wallabag/contract";
import { deleteTag } from "@/lib/wallabag/tags";

export const DELETE = endpointRoute(deleteTagEndpoint, ({ user, params }) => deleteTag(user, params.tag));
