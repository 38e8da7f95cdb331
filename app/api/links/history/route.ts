import { tokenApiRoute } from "@/lib/http/api-route";
import { linkPageResponse } from "@/lib/links/page-response";
import { listHistoryPage } from "@/lib/links/service";
import { historyQuerySchema } from "@/lib/validations/history";

// A JSON array of links, paged: the next page's address comes in a Link header (docs/product.md, "API").
export const GET = tokenApiRoute("links:read", async ({ user, url }) =>
  linkPageResponse(url, await listHistoryPage(user, historyQuerySchema.parse(Object.fromEntries(url.searchParams)))),
);
