import { apiRoute } from "@/lib/api";
import { revokeApiToken } from "@/lib/api-tokens";

export const DELETE = apiRoute(async ({ user, params }) => {
  await revokeApiToken(user, params.id ?? "");
  return { success: true };
});
