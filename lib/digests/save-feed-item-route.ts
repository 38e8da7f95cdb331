import "server-only";
import { after } from "next/server";
import { wakePageWork } from "@/lib/articles/service";
import { env } from "@/lib/env";
import { endpointRoute, isFormPost } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";
import { EMAIL_ACTION_INVALID_MESSAGE } from "@/lib/digests/schemas";
import { SAVE_FEED_ITEM_GONE_MESSAGE } from "@/lib/digests/email-action-response";
import { saveFeedItemFromDigestEndpoint } from "@/lib/subscriptions/feed-items-contract";
import { applySaveFeedItem } from "@/lib/subscriptions/feed-items";

/**
 * POST /api/save-feed-item: a digest's "Save to stash", the signed token as the only credential. JSON
 * gets `{ success: true }` or `{code, message}`; the page's form gets a 303 back to the page, which
 * shows the item saved, gone, or (`problem`, an error code) why the save was refused: the plan's
 * daily limit or too many saves.
 */
export function saveFeedItemFromDigestRoute() {
  return endpointRoute(saveFeedItemFromDigestEndpoint, async ({ req, body }) => {
    const back = (extra: Record<string, string> = {}) =>
      Response.redirect(`${env.appUrl}/save-feed-item?${new URLSearchParams({ token: body.token, ...extra })}`, 303);
    let outcome: Awaited<ReturnType<typeof applySaveFeedItem>>;
    try {
      outcome = await applySaveFeedItem(body.token, clientIp(req));
    } catch (error) {
      if (error instanceof HttpError && isFormPost(req) && (error.status === 402 || error.status === 429))
        return back({ problem: error.code });
      throw error;
    }
    if (outcome === "invalid") throw badRequest(EMAIL_ACTION_INVALID_MESSAGE, "invalid_signature");
    if (typeof outcome !== "string" && outcome.created) after(wakePageWork);
    if (isFormPost(req)) return back();
    if (outcome === "gone") throw notFound(SAVE_FEED_ITEM_GONE_MESSAGE);
    return { success: true as const };
  });
}
