import { endpointRoute } from "@/lib/http/api-route";
import { historyEndpoint } from "@/lib/links/contract";
import { linkPageResponse } from "@/lib/links/page-response";
import { listHistoryPage } from "@/lib/links/service";

// A JSON array of links, paged: the next page's address comes in a Link header (docs/product.md, "API").
export const GET = endpointRoute(historyEndpoint, async ({ user, url, query }) =>
  linkPageResponse(url, await listHistoryPage(user, query)),
);
