import { apiRoute } from "@/lib/http/api-route";
import { epubExportResponse } from "@/lib/epub/epub-export";
import { exportResponse } from "@/lib/export/export-links";
import { epubExportQuerySchema } from "@/lib/validations/epub-export";

export const GET = apiRoute(async ({ url, user }) => {
  const format = url.searchParams.get("format");
  if (format === "epub")
    return epubExportResponse(user, epubExportQuerySchema.parse(Object.fromEntries(url.searchParams)));
  return exportResponse(user, format);
});
