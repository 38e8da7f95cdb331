import { sessionTokenFromRequest } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { confirmEmailChange } from "@/lib/users/email-change";
import { toUserResponse } from "@/lib/users/response";
import { emailChangeConfirmSchema } from "@/lib/validations/email-change";

// The confirmation page's button: the pending address becomes the account's; other sessions end.
export const POST = apiRoute(emailChangeConfirmSchema, async ({ user, req, body }) =>
  toUserResponse(await confirmEmailChange(user, body.token, sessionTokenFromRequest(req)), env.billingEnabled),
);
