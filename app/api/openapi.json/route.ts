import { apiDocumentJson } from "@/lib/api-docs/document";
import { DOCUMENT_OPERATIONS } from "@/lib/api-docs/contract";
import { operationRoute } from "@/lib/http/operation-route";

// GET /api/openapi.json (public): the API's OpenAPI 3.1 document, built once per process. The same for
// everyone and every request until the next deploy, so caches may keep it for an hour.
export const GET = operationRoute(
  DOCUMENT_OPERATIONS.document,
  (): Response =>
    new Response(apiDocumentJson(), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=3600" },
    }),
);
