import { toApiTokenResponse } from "@/lib/auth/api-tokens";
import { createAppPasswordEndpoint, listAppPasswordsEndpoint } from "@/lib/app-passwords/contract";
import { appConnection, createAppPassword, listAppPasswords } from "@/lib/app-passwords/service";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(listAppPasswordsEndpoint, async ({ user }) => ({
  ...appConnection(user),
  appPasswords: (await listAppPasswords(user)).map(toApiTokenResponse),
}));

export const POST = endpointRoute(createAppPasswordEndpoint, async ({ user, body }) => {
  const { appPassword, password } = await createAppPassword(user, body.name);
  return { ...appConnection(user), password, appPassword: toApiTokenResponse(appPassword) };
});
