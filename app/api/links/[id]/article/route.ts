import { after } from "next/server";
import { readLinkArticle, refreshLinkArticle } from "@/lib/articles/service";
import { tokenApiRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";

export const GET = tokenApiRoute("links:read", async ({ user, params }) =>
  readLinkArticle(user, params.id ?? "", after),
);

export const POST = tokenApiRoute("links:write", async ({ req, user, params }) =>
  Response.json(await refreshLinkArticle(user, params.id ?? "", clientIp(req), after), { status: 202 }),
);
