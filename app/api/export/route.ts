import { epubExportResponse } from "@/lib/epub/epub-export";
import { epubExportQuerySchema } from "@/lib/epub/schemas";
import { exportEndpoint } from "@/lib/export/contract";
import { exportResponse } from "@/lib/export/export-links";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(exportEndpoint, async ({ url, user }) => {
  const format = url.searchParams.get("format");
  if (format === "epub")
    return epubExportResponse(user, epubExportQuerySchema.parse(Object.fromEntries(url.searchParams)));
  return exportResponse(user, format);
});
