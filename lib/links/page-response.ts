import "server-only";
import { DAY_TOTALS_HEADER, formatDayTotals } from "@/lib/links/day-totals";
import type { LinkPage } from "@/lib/links/service";

/**
 * A page of links as the API answers it (decision 0182): a JSON array, the next page's address
 * in a `Link: <…>; rel="next"` header (the request's own query with the new cursor), and the true
 * total of each day on the page in X-Day-Totals.
 */
export function linkPageResponse(url: URL, page: LinkPage): Response {
  const headers = new Headers({ "Content-Type": "application/json" });
  const next = nextPageAddress(url, page);
  if (next) headers.set("Link", `<${next}>; rel="next"`);
  if (page.dayTotals.size > 0) headers.set(DAY_TOTALS_HEADER, formatDayTotals(page.dayTotals));
  return new Response(JSON.stringify(page.links), { headers });
}

/** The next page's address: the request's own path and query with the new cursor, or null at the end. */
export function nextPageAddress(url: URL, page: LinkPage): string | null {
  if (!page.nextCursor) return null;
  const next = new URLSearchParams(url.searchParams);
  next.set("cursor", page.nextCursor);
  return `${url.pathname}?${next}`;
}
