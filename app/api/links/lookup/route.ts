import { endpointRoute } from "@/lib/http/api-route";
import { lookupLinkEndpoint } from "@/lib/links/contract";
import { findLinkByUrl } from "@/lib/links/lookup";
import { toLinkResponse } from "@/lib/links/response";

// Is this page already stashed? The extension's badge (decision 0323); null when it is not.
export const GET = endpointRoute(lookupLinkEndpoint, async ({ user, query }) => {
  const link = await findLinkByUrl(user, query.url);
  return { link: link ? toLinkResponse(link) : null };
});
