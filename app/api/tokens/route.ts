import { apiRoute } from "@/lib/http/api-route";
import { createApiToken, listApiTokens, toApiTokenResponse } from "@/lib/auth/api-tokens";
import { PERSONAL_TOKEN_SCOPES } from "@/lib/auth/token-scopes";
import { apiTokenSchema } from "@/lib/validations/api-token";

// Session only: a token cannot list or mint tokens.
export const GET = apiRoute(async ({ user }) => (await listApiTokens(user)).map(toApiTokenResponse));

export const POST = apiRoute(apiTokenSchema, async ({ user, body }) => {
  const { token, secret } = await createApiToken(user, body.name, PERSONAL_TOKEN_SCOPES);
  return Response.json({ token: toApiTokenResponse(token), secret }, { status: 201 });
});
