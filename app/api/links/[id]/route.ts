import { endpointRoute } from "@/lib/http/api-route";
import { deleteLinkEndpoint, updateLinkEndpoint } from "@/lib/links/contract";
import { toLinkResponse } from "@/lib/links/response";
import { deleteLink, updateLink } from "@/lib/links/service";

export const PATCH = endpointRoute(updateLinkEndpoint, async ({ user, params, body }) =>
  toLinkResponse(await updateLink(user, params.id, body)),
);

export const DELETE = endpointRoute(deleteLinkEndpoint, async ({ user, params }) => {
  await deleteLink(user, params.id);
  return { success: true as const };
});
