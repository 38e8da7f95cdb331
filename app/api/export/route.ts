import { apiRoute } from "@/lib/api";
import { exportResponse } from "@/lib/export/export-links";

export const GET = apiRoute(async ({ url, user }) => exportResponse(user, url.searchParams.get("format")));
