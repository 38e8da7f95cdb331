import { tokenApiRoute } from "@/lib/api";
import { listHistory, toLinkResponse } from "@/lib/links";
import { historyQuerySchema } from "@/lib/validations/history";

// SPEC's shape (a JSON array), paged: the next page's address comes in a Link header.
export const GET = tokenApiRoute(async ({ user, url }) => {
  const query = historyQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { links, nextCursor } = await listHistory(user, query);
  const headers = new Headers();
  if (nextCursor) {
    const next = new URL(url.pathname, url.origin);
    for (const [key, value] of url.searchParams) if (key !== "cursor") next.searchParams.set(key, value);
    next.searchParams.set("cursor", nextCursor);
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(links.map(toLinkResponse), { headers });
});
