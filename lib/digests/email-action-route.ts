import "server-only";
import { type EmailAction } from "@/lib/digests/email-actions";
import { EMAIL_ACTION_GONE_MESSAGE } from "@/lib/digests/email-action-response";
import { applyEmailAction } from "@/lib/digests/email-action-service";
import { env } from "@/lib/env";
import { endpointRoute, isFormPost } from "@/lib/http/api-route";
import { EMAIL_ACTION_ENDPOINTS } from "@/lib/digests/contract";
import { badRequest, notFound } from "@/lib/http/errors";
import { EMAIL_ACTION_INVALID_MESSAGE } from "@/lib/digests/schemas";

/**
 * POST /api/<action>: applies a digest link's action, the signed token as the only credential (no
 * session, no cookie). JSON gets `{ success: true }` (the answer names nothing) or `{code, message}`;
 * the action page's form gets a 303 back to the page, which then shows what is done, or that the
 * link is gone. A bad token is a 400 either way: the page offers no form for one.
 */
export function emailActionRoute(action: EmailAction) {
  return endpointRoute(EMAIL_ACTION_ENDPOINTS[action], async ({ req, body }) => {
    const outcome = await applyEmailAction(action, body.token);
    if (outcome === "invalid") throw badRequest(EMAIL_ACTION_INVALID_MESSAGE, "invalid_signature");
    if (isFormPost(req))
      return Response.redirect(`${env.appUrl}/${action}?${new URLSearchParams({ token: body.token })}`, 303);
    if (outcome === "gone") throw notFound(EMAIL_ACTION_GONE_MESSAGE);
    return { success: true as const };
  });
}
