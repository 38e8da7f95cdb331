import { after } from "next/server";
import { readArticleEndpoint, refetchArticleEndpoint } from "@/lib/articles/contract";
import { readLinkArticle, refreshLinkArticle } from "@/lib/articles/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";

export const GET = endpointRoute(readArticleEndpoint, async ({ user, params }) =>
  readLinkArticle(user, params.id, after),
);

export const POST = endpointRoute(refetchArticleEndpoint, async ({ req, user, params }) =>
  refreshLinkArticle(user, params.id, clientIp(req), after),
);
