import { tokenApiRoute } from "@/lib/http/api-route";
import { linkPageResponse } from "@/lib/links/page-response";
import { listTodayPage } from "@/lib/links/service";
import { todayQuerySchema } from "@/lib/validations/today";

// Today's links, paged as the history is.
export const GET = tokenApiRoute("links:read", async ({ user, url }) =>
  linkPageResponse(url, await listTodayPage(user, todayQuerySchema.parse(Object.fromEntries(url.searchParams)))),
);
