import { apiUploadRoute } from "@/lib/http/api-route";
import { importResponse } from "@/lib/import/response";

export const POST = apiUploadRoute(({ req, url, user, requestId }) =>
  importResponse(req, user, url.searchParams.get("filename") ?? "", requestId),
);
