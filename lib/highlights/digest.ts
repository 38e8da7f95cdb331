import "server-only";
import { recentHighlights } from "@/lib/highlights/queries";

// Last week's highlights in a digest (Settings → Email preferences; docs/product.md, "Highlights"):
// a few, newest first, for a user who asked for them.

export const DIGEST_MAX_HIGHLIGHTS = 5;
export const DIGEST_HIGHLIGHT_DAYS = 7;
/** A digest quotes at most this much of a passage. */
export const DIGEST_QUOTE_CHARS = 280;

export type DigestHighlight = {
  linkId: string;
  linkTitle: string | null;
  linkUrl: string;
  quote: string;
  note: string | null;
};

/** The highlights `user` made in the DIGEST_HIGHLIGHT_DAYS before `end`; none when the setting is off. */
export async function digestHighlightsFor(
  user: { id: string; digestHighlights: boolean },
  end: Date,
): Promise<DigestHighlight[]> {
  if (!user.digestHighlights) return [];
  const after = new Date(end.getTime() - DIGEST_HIGHLIGHT_DAYS * 86_400_000);
  const rows = await recentHighlights(user.id, after, end, DIGEST_MAX_HIGHLIGHTS);
  return rows.map((row) => ({
    linkId: row.linkId,
    linkTitle: row.link.title,
    linkUrl: row.link.url,
    quote:
      row.quote.length > DIGEST_QUOTE_CHARS ? `${row.quote.slice(0, DIGEST_QUOTE_CHARS - 1).trimEnd()}…` : row.quote,
    note: row.note,
  }));
}
