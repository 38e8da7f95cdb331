import type { z } from "zod";
import type { Link } from "@/lib/generated/prisma/client";
import type { linkAnswer } from "@/lib/links/schemas";

/** A link as the API answers it (its schema: linkAnswer). */
export type LinkResponse = z.output<typeof linkAnswer>;

// The one JSON shape of a link in the API, built here and nowhere else (decision 0181). Pure: client
// components import its type.
export function toLinkResponse(link: Link): LinkResponse {
  return {
    id: link.id,
    url: link.url,
    title: link.title,
    description: link.description,
    siteName: link.siteName,
    faviconUrl: link.faviconUrl,
    notes: link.notes,
    category: link.category,
    categories: link.categories,
    createdAt: link.createdAt.toISOString(),
    readAt: link.readAt?.toISOString() ?? null,
    readingMinutes: link.readingMinutes,
    /** The owner's local day the link comes back on ("YYYY-MM-DD"): a DATE reads as that day's UTC midnight. */
    remindOn: link.remindOn?.toISOString().slice(0, 10) ?? null,
    archivedAt: link.archivedAt?.toISOString() ?? null,
    favoritedAt: link.favoritedAt?.toISOString() ?? null,
  };
}
