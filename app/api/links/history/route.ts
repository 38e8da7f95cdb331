import { tokenApiRoute } from "@/lib/api";
import { listHistoryPage } from "@/lib/links";
import { historyQuerySchema } from "@/lib/validations/history";

// SPEC's shape (a JSON array), paged: the next page's address comes in a Link header.
export const GET = tokenApiRoute(async ({ user, url }) => {
  const query = historyQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { body, nextCursor } = await listHistoryPage(user, query);
  const headers = new Headers({ "Content-Type": "application/json" });
  if (nextCursor) {
    const next = new URL(url.pathname, url.origin);
    for (const [key, value] of url.searchParams) if (key !== "cursor") next.searchParams.set(key, value);
    next.searchParams.set("cursor", nextCursor);
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return new Response(body, { headers });
});
