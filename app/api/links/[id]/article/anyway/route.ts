import { after } from "next/server";
import { extractLinkTextAnyway } from "@/lib/articles/service";
import { tokenApiRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";

export const POST = tokenApiRoute("links:write", async ({ req, user, params }) =>
  Response.json(await extractLinkTextAnyway(user, params.id ?? "", clientIp(req), after), { status: 202 }),
);
