import { after } from "next/server";
import { articleAnywayEndpoint } from "@/lib/articles/contract";
import { extractLinkTextAnyway } from "@/lib/articles/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";

export const POST = endpointRoute(articleAnywayEndpoint, async ({ req, user, params }) =>
  extractLinkTextAnyway(user, params.id, clientIp(req), after),
);
