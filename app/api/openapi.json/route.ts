import { apiDocumentJson } from "@/lib/api-docs/document";
import { withRouteErrors } from "@/lib/http/route-errors";

// GET /api/openapi.json (public): the API's OpenAPI 3.1 document, built once per process. The same for
// everyone and every request until the next deploy, so caches may keep it for an hour.
export const GET = withRouteErrors(
  (): Response =>
    new Response(apiDocumentJson(), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=3600" },
    }),
);
