import { after } from "next/server";
import { wakePageWork } from "@/lib/articles/service";
import { tokenApiRoute } from "@/lib/http/api-route";
import { toLinkResponse } from "@/lib/links/response";
import { saveLink } from "@/lib/links/service";
import { clientIp } from "@/lib/http/rate-limit";
import { linkSchema } from "@/lib/validations/link";

export const POST = tokenApiRoute("links:save", linkSchema, async ({ req, user, body }) => {
  // The save records its page's fetch (title and article) as owed; it never waits for someone else's server.
  const { link, created } = await saveLink(user, body, clientIp(req));
  if (!created) return Response.json({ success: true, alreadySaved: true, link: toLinkResponse(link) });
  after(wakePageWork);
  return Response.json({ success: true, alreadySaved: false, link: toLinkResponse(link) }, { status: 201 });
});
