import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logError } from "@/lib/http/log";
import { fetchPageMetadata } from "@/lib/unfurl/fetch-page";

/**
 * Fetches a saved page's title, description, site name and icon and stores them. A page that fails
 * or times out leaves the link as it is (the URL stands in for the title); only our own failures
 * (the database) are logged. A title the client sent along (`keepTitle`) is not replaced.
 */
export async function refreshLinkMetadata(
  linkId: string,
  url: string,
  options: { keepTitle?: boolean } = {},
): Promise<void> {
  const metadata = await fetchPageMetadata(url, { allowedHosts: env.unfurlAllowedHosts });
  if (!metadata) return;
  try {
    await getDb().link.updateMany({
      where: { id: linkId },
      data: {
        ...(options.keepTitle ? {} : { title: metadata.title }),
        description: metadata.description,
        siteName: metadata.siteName,
        faviconUrl: metadata.faviconUrl,
      },
    });
  } catch (error) {
    logError({ requestId: `link-metadata:${linkId}`, method: "AFTER", path: "/api/links", error });
  }
}
