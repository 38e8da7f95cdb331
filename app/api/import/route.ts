import { apiUploadRoute } from "@/lib/api";
import { importResponse } from "@/lib/import/import-response";

export const POST = apiUploadRoute(({ req, url, user, requestId }) => importResponse(req, user, url.searchParams.get("filename") ?? "", requestId));
