import { apiRoute } from "@/lib/http/api-route";
import { revokeApiToken } from "@/lib/auth/api-tokens";

export const DELETE = apiRoute(async ({ user, params }) => {
  await revokeApiToken(user, params.id ?? "");
  return { success: true };
});
