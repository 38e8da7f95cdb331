import "server-only";
import { updateLinkFields } from "@/lib/links/queries";
import { logJobError } from "@/lib/log/log";
import type { PageMetadata } from "@/lib/unfurl/parse-metadata";

/**
 * Stores a saved page's title, description, site name and icon. Only our own failures (the
 * database) are logged. A title the client sent along (`keepTitle`) is not replaced.
 */
export async function storeLinkMetadata(
  linkId: string,
  metadata: PageMetadata,
  options: { keepTitle?: boolean } = {},
): Promise<void> {
  try {
    await updateLinkFields(linkId, {
      ...(options.keepTitle ? {} : { title: metadata.title }),
      description: metadata.description,
      siteName: metadata.siteName,
      faviconUrl: metadata.faviconUrl,
    });
  } catch (error) {
    logJobError({ job: "link-metadata", linkId, error });
  }
}
