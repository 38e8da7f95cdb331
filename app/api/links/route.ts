import { after } from "next/server";
import { refreshSavedLink } from "@/lib/articles/service";
import { tokenApiRoute } from "@/lib/http/api-route";
import { toLinkResponse } from "@/lib/links/response";
import { createLink } from "@/lib/links/service";
import { clientIp } from "@/lib/http/rate-limit";
import { linkSchema } from "@/lib/validations/link";

export const POST = tokenApiRoute(linkSchema, async ({ req, user, body }) => {
  const link = await createLink(user, body, clientIp(req));
  // The page (title and article) is fetched after the response: saving never waits for someone else's server.
  after(() => refreshSavedLink(link, { keepTitle: link.title !== null }));
  return Response.json({ success: true, link: toLinkResponse(link) }, { status: 201 });
});
