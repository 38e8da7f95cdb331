import { endpointRoute } from "@/lib/http/api-route";
import { addEntryTagsEndpoint, entryTagsEndpoint } from "@/lib/wallabag/contract";
import { addEntryTags, entryTags } from "@/lib/wallabag/service";

export const GET = endpointRoute(entryTagsEndpoint, ({ user, params }) => entryTags(user, params.id));

export const POST = endpointRoute(addEntryTagsEndpoint, ({ user, params, body }) =>
  addEntryTags(user, params.id, body.tags),
);
