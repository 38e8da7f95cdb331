import { endpointRoute } from "@/lib/http/api-route";
import { todayLinksEndpoint } from "@/lib/links/contract";
import { linkPageResponse } from "@/lib/links/page-response";
import { listTodayPage } from "@/lib/links/service";

// Today's links, paged as the history is.
export const GET = endpointRoute(todayLinksEndpoint, async ({ user, url, query }) =>
  linkPageResponse(url, await listTodayPage(user, query)),
);
