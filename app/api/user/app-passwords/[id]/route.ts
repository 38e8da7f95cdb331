import { revokeAppPasswordEndpoint } from "@/lib/app-passwords/contract";
import { revokeAppPassword } from "@/lib/app-passwords/service";
import { endpointRoute } from "@/lib/http/api-route";

export const DELETE = endpointRoute(revokeAppPasswordEndpoint, async ({ user, params }) => {
  await revokeAppPassword(user, params.id);
  return { success: true as const };
});
