import { privateFeedEndpoint } from "@/lib/feeds/contract";
import { feedResponse } from "@/lib/feeds/service";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(privateFeedEndpoint, ({ params, req }) =>
  feedResponse(params.id, params.feed, req.headers),
);
