import { after } from "next/server";
import { wakePageWork } from "@/lib/articles/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { notFound } from "@/lib/http/errors";
import { toLinkResponse } from "@/lib/links/response";
import { saveFeedItemEndpoint } from "@/lib/subscriptions/feed-items-contract";
import { saveFeedItem } from "@/lib/subscriptions/feed-items";

export const POST = endpointRoute(saveFeedItemEndpoint, async ({ req, user, params }) => {
  const saved = await saveFeedItem(user, params.id, clientIp(req));
  if (!saved) throw notFound("Feed item not found");
  if (!saved.created) return Response.json({ success: true, alreadySaved: true, link: toLinkResponse(saved.link) });
  after(wakePageWork);
  return { success: true as const, alreadySaved: false, link: toLinkResponse(saved.link) };
});
