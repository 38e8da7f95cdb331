import { createApiToken, listApiTokens, toApiTokenResponse } from "@/lib/auth/api-tokens";
import { createTokenEndpoint, listTokensEndpoint } from "@/lib/auth/contract";
import { PERSONAL_TOKEN_SCOPES } from "@/lib/auth/token-scopes";
import { endpointRoute } from "@/lib/http/api-route";

// Session only: a token cannot list or mint tokens.
export const GET = endpointRoute(listTokensEndpoint, async ({ user }) =>
  (await listApiTokens(user)).map(toApiTokenResponse),
);

export const POST = endpointRoute(createTokenEndpoint, async ({ user, body }) => {
  const { token, secret } = await createApiToken(user, body.name, PERSONAL_TOKEN_SCOPES);
  return { token: toApiTokenResponse(token), secret };
});
