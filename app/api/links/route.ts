import { after } from "next/server";
import { apiRoute } from "@/lib/api";
import { refreshLinkMetadata } from "@/lib/link-metadata";
import { createLink, toLinkResponse } from "@/lib/links";
import { linkSchema } from "@/lib/validations/link";

export const POST = apiRoute(linkSchema, async ({ user, body }) => {
  const link = await createLink(user, body);
  // The title is fetched after the response: saving never waits for someone else's server.
  after(() => refreshLinkMetadata(link.id, link.url));
  return Response.json({ success: true, link: toLinkResponse(link) }, { status: 201 });
});
