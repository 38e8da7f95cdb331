import { OAUTH_OPERATIONS } from "@/lib/app-passwords/contract";
import { oauthTokenResponse } from "@/lib/app-passwords/oauth-token";
import { operationRoute } from "@/lib/http/operation-route";

export const POST = operationRoute(OAUTH_OPERATIONS.token, oauthTokenResponse);
