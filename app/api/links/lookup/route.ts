import { tokenApiRoute } from "@/lib/http/api-route";
import { badRequest } from "@/lib/http/errors";
import { findLinkByUrl } from "@/lib/links/lookup";
import { toLinkResponse } from "@/lib/links/response";
import { linkLookupQuerySchema } from "@/lib/validations/link-lookup";

// Is this page already stashed? The extension's badge (decision 0323); null when it is not.
export const GET = tokenApiRoute("links:lookup", async ({ user, url }) => {
  const query = linkLookupQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "Invalid input");
  const link = await findLinkByUrl(user, query.data.url);
  return { link: link ? toLinkResponse(link) : null };
});
