import { after } from "next/server";
import { tokenApiRoute } from "@/lib/http/api-route";
import { refreshLinkMetadata } from "@/lib/links/metadata";
import { toLinkResponse } from "@/lib/links/response";
import { createLink } from "@/lib/links/service";
import { clientIp } from "@/lib/http/rate-limit";
import { linkSchema } from "@/lib/validations/link";

export const POST = tokenApiRoute(linkSchema, async ({ req, user, body }) => {
  const link = await createLink(user, body, clientIp(req));
  // The title is fetched after the response: saving never waits for someone else's server.
  after(() => refreshLinkMetadata(link.id, link.url, { keepTitle: link.title !== null }));
  return Response.json({ success: true, link: toLinkResponse(link) }, { status: 201 });
});
