import { sessionTokenFromRequest } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { endpointRoute } from "@/lib/http/api-route";
import { confirmEmailEndpoint } from "@/lib/users/contract";
import { confirmEmailChange } from "@/lib/users/email-change";
import { toUserResponse } from "@/lib/users/response";

// The confirmation page's button: the pending address becomes the account's; other sessions end.
export const POST = endpointRoute(confirmEmailEndpoint, async ({ user, req, body }) =>
  toUserResponse(await confirmEmailChange(user, body.token, sessionTokenFromRequest(req)), env.billingEnabled),
);
