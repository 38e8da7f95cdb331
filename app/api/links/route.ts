import { after } from "next/server";
import { tokenApiRoute } from "@/lib/api";
import { refreshLinkMetadata } from "@/lib/link-metadata";
import { createLink, toLinkResponse } from "@/lib/links";
import { clientIp } from "@/lib/rate-limit";
import { linkSchema } from "@/lib/validations/link";

export const POST = tokenApiRoute(linkSchema, async ({ req, user, body }) => {
  const link = await createLink(user, body, clientIp(req));
  // The title is fetched after the response: saving never waits for someone else's server.
  after(() => refreshLinkMetadata(link.id, link.url, { keepTitle: link.title !== null }));
  return Response.json({ success: true, link: toLinkResponse(link) }, { status: 201 });
});
