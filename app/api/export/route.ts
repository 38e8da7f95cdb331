import { apiRoute } from "@/lib/http/api-route";
import { exportResponse } from "@/lib/export/export-links";

export const GET = apiRoute(async ({ url, user }) => exportResponse(user, url.searchParams.get("format")));
