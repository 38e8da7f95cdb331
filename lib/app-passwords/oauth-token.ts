import "server-only";
import type { z } from "zod";
import { issueTokens, refreshTokens } from "@/lib/app-passwords/grants";
import {
  oauthTokenRequestSchema,
  type OauthErrorCode,
  type OauthTokenRequest,
  type oauthTokenAnswer,
} from "@/lib/app-passwords/schemas";
import { APP_CLIENT, signInWithAppPassword } from "@/lib/app-passwords/service";
import { clientIp } from "@/lib/http/client-ip";
import { HttpError } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";

// POST /oauth/v2/token: the token endpoint wallabag's apps call with the username and an app
// password, or a refresh token. Its errors are OAuth's (`{error, error_description}`, RFC 6749
// §5.2), which the apps read, with the same values as `{code, message}`.

export const OAUTH_TOKEN_LIMITS = {
  perIp: { name: "oauth-token:ip", limit: 60, windowSeconds: 10 * 60 },
  perUsername: { name: "oauth-token:username", limit: 20, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function oauthError(status: number, error: OauthErrorCode, description: string): Response {
  return Response.json(
    { error, error_description: description, code: error, message: description },
    { status, headers: NO_STORE },
  );
}

/** The request's fields: a JSON object, form fields (urlencoded or multipart), or the query. */
async function requestFields(req: Request): Promise<unknown> {
  const contentType = req.headers.get("content-type") ?? "";
  if (/^application\/json\b/i.test(contentType)) {
    try {
      return await req.json();
    } catch {
      return null;
    }
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    return Object.fromEntries(new URLSearchParams(await req.text()));
  if (/^multipart\/form-data\b/i.test(contentType)) {
    const form = await req.formData().catch(() => null);
    return form ? Object.fromEntries([...form.entries()].filter((entry) => typeof entry[1] === "string")) : null;
  }
  return Object.fromEntries(new URL(req.url).searchParams);
}

async function grant(request: OauthTokenRequest, ip: string | null) {
  if (request.client_id !== APP_CLIENT.id || request.client_secret !== APP_CLIENT.secret)
    return oauthError(400, "invalid_client", `The client id and secret are both "${APP_CLIENT.id}".`);
  if (request.grant_type === "refresh_token") {
    const tokens = await refreshTokens(request.refresh_token);
    return tokens ? tokenAnswer(tokens) : oauthError(400, "invalid_grant", "Invalid refresh token.");
  }
  await enforceRateLimits(
    [
      ...(ip ? [{ rule: OAUTH_TOKEN_LIMITS.perIp, subject: ip }] : []),
      { rule: OAUTH_TOKEN_LIMITS.perUsername, subject: request.username.trim() },
    ],
    "Too many sign-ins from this app. Please wait a few minutes and try again.",
  );
  const signIn = await signInWithAppPassword(request.username, request.password);
  if (!signIn) return oauthError(400, "invalid_grant", "Invalid username and password combination.");
  return tokenAnswer(await issueTokens(signIn.appPasswordId));
}

function tokenAnswer(tokens: { accessToken: string; refreshToken: string; expiresIn: number }): Response {
  const answer: z.input<typeof oauthTokenAnswer> = {
    access_token: tokens.accessToken,
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    scope: null,
    token_type: "bearer",
  };
  return Response.json(answer, { headers: NO_STORE });
}

export async function oauthTokenResponse(req: Request): Promise<Response> {
  const fields = await requestFields(req);
  const parsed = oauthTokenRequestSchema.safeParse(fields);
  if (!parsed.success) {
    const unsupported =
      typeof fields === "object" && fields !== null && "grant_type" in fields && typeof fields.grant_type === "string";
    return unsupported && !["password", "refresh_token"].includes(String(fields.grant_type))
      ? oauthError(400, "unsupported_grant_type", "grant_type is password or refresh_token.")
      : oauthError(400, "invalid_request", parsed.error.issues[0]?.message ?? "Invalid request.");
  }
  try {
    return await grant(parsed.data, clientIp(req));
  } catch (error) {
    // A refusal of the limits keeps its status and Retry-After, in OAuth's shape.
    if (error instanceof HttpError && error.status === 429)
      return Response.json(
        { error: "slow_down", error_description: error.message, code: error.code, message: error.message },
        { status: 429, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(error.headers).entries()) } },
      );
    throw error;
  }
}
