import { after } from "next/server";
import { wakePageWork } from "@/lib/articles/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { saveLinkEndpoint } from "@/lib/links/contract";
import { toLinkResponse } from "@/lib/links/response";
import { saveLink } from "@/lib/links/service";

export const POST = endpointRoute(saveLinkEndpoint, async ({ req, user, body }) => {
  // The save records its page's fetch (title and article) as owed; it never waits for someone else's server.
  const { link, created } = await saveLink(user, body, clientIp(req));
  if (!created) return Response.json({ success: true, alreadySaved: true, link: toLinkResponse(link) });
  after(wakePageWork);
  return { success: true as const, alreadySaved: false, link: toLinkResponse(link) };
});
