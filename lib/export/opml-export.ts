import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { writeOpml } from "@/lib/subscriptions/opml";
import { subscriptionsForOpml } from "@/lib/subscriptions/opml-queries";
import { localDateKey } from "@/lib/time/local-day";

// GET /api/export?format=opml: the user's feed subscriptions as OPML 2.0, each category a folder,
// which any feed reader imports (and LinkStash's own import reads back). At most
// MAX_SUBSCRIPTIONS_PER_USER rows, so it is written whole rather than streamed.

export const OPML_CONTENT_TYPE = "text/x-opml; charset=utf-8";

/** "linkstash-feeds-2026-11-29.opml": the date of the export in the user's time zone. */
export function opmlFileName(dateKey: string): string {
  return `linkstash-feeds-${dateKey}.opml`;
}

export async function opmlExportResponse(user: Pick<User, "id" | "timezone">, now = new Date()): Promise<Response> {
  const body = writeOpml(await subscriptionsForOpml(user.id), { title: "LinkStash subscriptions", now });
  return new Response(body, {
    headers: {
      "content-type": OPML_CONTENT_TYPE,
      "content-disposition": `attachment; filename="${opmlFileName(localDateKey(user.timezone, now))}"`,
      "cache-control": "no-store",
    },
  });
}
