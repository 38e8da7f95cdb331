import { endpointRoute } from "@/lib/http/api-route";
import { importEndpoint } from "@/lib/import/contract";
import { importResponse } from "@/lib/import/response";

export const POST = endpointRoute(importEndpoint, async ({ req, url, user, requestId }) =>
  importResponse(req, user, url.searchParams.get("filename") ?? "", requestId),
);
