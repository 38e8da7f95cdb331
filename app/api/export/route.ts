import { epubExportResponse } from "@/lib/epub/epub-export";
import { epubExportQuerySchema } from "@/lib/epub/schemas";
import { exportEndpoint } from "@/lib/export/contract";
import { exportResponse } from "@/lib/export/export-links";
import { opmlExportResponse } from "@/lib/export/opml-export";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(exportEndpoint, async ({ url, user }) => {
  const format = url.searchParams.get("format");
  if (format === "epub")
    return epubExportResponse(user, epubExportQuerySchema.parse(Object.fromEntries(url.searchParams)));
  if (format === "opml") return opmlExportResponse(user);
  return exportResponse(user, format);
});
