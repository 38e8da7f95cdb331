import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LinkHistory } from "@/components/links/link-history";
import { PrefilledQueries } from "@/components/prefilled-queries";
import { ReadingProgress } from "@/components/stats/reading-progress";
import { getCurrentUser } from "@/lib/auth/session";
import { categoryKey } from "@/lib/categories/rules";
import { historyKey } from "@/lib/client/query-keys";
import { firstHistoryPageUrl, historyFiltersOf, type HistoryFilters } from "@/lib/links/history-filters";
import { nextPageAddress } from "@/lib/links/page-response";
import { listHistoryPage } from "@/lib/links/service";
import type { User } from "@/lib/generated/prisma/client";
import { historyQuerySchema } from "@/lib/links/schemas";

export const metadata: Metadata = { title: "Link History" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The list's first page for these filters, as the browser would cache it from the API (decision
 * 0289): read here so the links are in the page's HTML. Filters the API would refuse are left to
 * the list, which shows the API's message.
 */
async function firstPage(user: User, filters: HistoryFilters) {
  const address = firstHistoryPageUrl(filters);
  const url = new URL(address, "http://localhost"); // parsed for its path and query; the origin is unused
  const query = historyQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return [];
  const page = await listHistoryPage(user, query.data);
  const data = {
    pages: [{ links: page.links, next: nextPageAddress(url, page), dayTotals: Object.fromEntries(page.dayTotals) }],
    pageParams: [address],
  };
  return [[historyKey({ ...filters, category: categoryKey(filters.category) }), data] as const];
}

export default async function HistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const params = await searchParams;
  // The list hydrates with the server's moment (docs/decisions/0306).
  const now = new Date();
  const filters = historyFiltersOf({ get: (name) => (typeof params[name] === "string" ? params[name] : null) });

  return (
    <PrefilledQueries queries={await firstPage(user, filters)}>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Link History</h1>
          <p className="text-muted-foreground">Browse all your previously saved links.</p>
        </div>
        <ReadingProgress />
        <LinkHistory timeZone={user.timezone} serverNow={now.getTime()} />
      </div>
    </PrefilledQueries>
  );
}
