import { revokeApiToken } from "@/lib/auth/api-tokens";
import { revokeTokenEndpoint } from "@/lib/auth/contract";
import { endpointRoute } from "@/lib/http/api-route";

export const DELETE = endpointRoute(revokeTokenEndpoint, async ({ user, params }) => {
  await revokeApiToken(user, params.id);
  return { success: true as const };
});
