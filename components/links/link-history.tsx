"use client";

import { keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, Search, Settings2, Star } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { sendDeletesLeftBehind } from "@/components/links/delete-with-undo";
import { LinkItem } from "@/components/links/link-item";
import { fetchLinkPage, mergedDayTotals, useLinkCategories } from "@/components/links/link-queries";
import { useLoadMoreOnScroll } from "@/components/links/use-load-more-on-scroll";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { collapsedChips } from "@/lib/categories/collapsed-chips";
import { categoryKey } from "@/lib/categories/rules";
import { serverMessage } from "@/lib/client/fetcher";
import { useHiddenLinkIds, withoutHidden } from "@/lib/client/hidden-links";
import { useNow } from "@/lib/client/use-now";
import { historyKey } from "@/lib/client/query-keys";
import { firstHistoryPageUrl, historyFiltersOf } from "@/lib/links/history-filters";
import { BookActions } from "@/components/books/book-actions";
import { groupByLocalDate, linkCount } from "@/lib/time/local-time";
import { cn } from "@/lib/utils";
import { rememberListAddress } from "@/lib/client/list-address";

/** Three placeholder groups while loading. */
const SKELETON_GROUPS = 3;

/** How long typing pauses before the search runs (and lands in the URL). */
const SEARCH_DEBOUNCE_MS = 300;
/** The server refuses longer searches (lib/links/search.ts). */
const MAX_SEARCH_LENGTH = 200;

/** Sets or removes query parameters of the current address, replacing its history entry. */
function replaceParams(changes: Record<string, string>) {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  // Next.js keeps useSearchParams in step with the History API, without a server round trip.
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

const chipClass =
  "rounded-full border px-3 py-1 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent hover:text-accent-foreground aria-pressed:hover:bg-primary/90 aria-pressed:hover:text-primary-foreground";

/**
 * The Link History page's list: search, category chips, date groups, pages loaded on scroll.
 * `serverNow` is the server's clock as it rendered the page (lib/client/use-hydrated.ts, `useNow`).
 */
export function LinkHistory({ timeZone, serverNow }: { timeZone: string; serverNow: number }) {
  const searchParams = useSearchParams();
  const now = useNow(serverNow);
  // The filters live in the URL (?category=, ?q=, ?unread=1, ?favorites=1), so a reload or a shared address keeps them.
  const filters = historyFiltersOf(searchParams);
  const { category, q, unread, favorites } = filters;
  const chips = useLinkCategories();
  const [searchText, setSearchText] = useState(q);
  // A long list of categories (imported tags, say) shows a few chips and a button for the rest, so
  // the links stay near the top of a phone's screen.
  const [allChips, setAllChips] = useState(false);
  const chipsId = useId();
  const firstRevealedChip = useRef<HTMLButtonElement>(null);
  const focusRevealed = useRef(false);
  useEffect(() => {
    // Opened from the button: the chips it revealed are next in the Tab order, the first takes focus.
    if (allChips && focusRevealed.current) firstRevealedChip.current?.focus();
    focusRevealed.current = false;
  }, [allChips]);

  // Typing updates ?q= once it pauses; replaceState adds no history entry per keystroke.
  useEffect(() => {
    const next = searchText.trim();
    if (next === (new URLSearchParams(window.location.search).get("q")?.trim() ?? "")) return;
    const timer = setTimeout(() => replaceParams({ q: next }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // The reader returns to this list as it is now (lib/client/list-address.ts).
  const address = `/history${searchParams.size > 0 ? `?${searchParams.toString()}` : ""}`;
  useEffect(() => rememberListAddress(address), [address]);

  const history = useInfiniteQuery({
    queryKey: historyKey({ ...filters, category: categoryKey(category) }),
    queryFn: ({ pageParam, signal }) => fetchLinkPage(pageParam, signal),
    initialPageParam: firstHistoryPageUrl(filters),
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the previous results stay instead of the skeleton.
    placeholderData: keepPreviousData,
    // The page's own copy of the first page (decision 0289) shows at once, then the list asks the
    // API again: that copy may come from a prefetch made before a save, an import or a deletion.
    staleTime: 0,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  // A search in flight (the previous results stay meanwhile): said beside the field and to screen readers.
  const searching = q !== "" && history.isFetching && !isFetchingNextPage;
  const sentinel = useLoadMoreOnScroll(history);
  const hiddenIds = useHiddenLinkIds();
  // A delete an earlier page of this tab left waiting for Undo goes out now.
  const queryClient = useQueryClient();
  useEffect(() => sendDeletesLeftBehind(queryClient), [queryClient]);

  function selectCategory(next: string) {
    replaceParams({ category: next });
  }

  // Enter searches at once, without waiting for the pause.
  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    replaceParams({ q: searchText.trim() });
  }

  const loaded = history.data?.pages.flatMap((page) => page.links) ?? [];
  const links = withoutHidden(loaded, hiddenIds);
  const groups = groupByLocalDate(links, timeZone);
  // A day's header shows its true total, not the links loaded so far (decision 0182).
  const dayTotals = mergedDayTotals(history.data?.pages ?? []);
  // Deleted links waiting for Undo are not counted in their day's total either.
  const hiddenPerDay = new Map(
    groupByLocalDate(
      loaded.filter((link) => hiddenIds.has(link.id)),
      timeZone,
    ).map((group) => [group.key, group.items.length]),
  );
  /** A day's true total less its links waiting for Undo; `shown` when the total is not known. */
  const shownDayTotal = (key: string, shown: number): number => {
    const hiddenThatDay = hiddenPerDay.get(key) ?? 0;
    return (dayTotals.get(key) ?? shown + hiddenThatDay) - hiddenThatDay;
  };
  const activeKey = categoryKey(category);
  const chipNames = chips.data ?? [];
  const collapsed = collapsedChips(chipNames, activeKey);
  const shownChips = allChips ? chipNames : collapsed.shown;
  const firstRevealed = chipNames.find((name) => !collapsed.shown.includes(name));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <form
          role="search"
          aria-label="Search your links"
          className="relative min-w-0 flex-1 basis-full sm:basis-60"
          aria-busy={searching}
          onSubmit={submitSearch}
        >
          <label htmlFor="history-search" className="sr-only">
            Search your links
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="history-search"
            type="search"
            value={searchText}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search links, notes, categories"
            className={searching ? "pr-24 pl-9" : "pl-9"}
          />
          <span
            role="status"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-muted-foreground"
          >
            {searching ? "Searching…" : ""}
          </span>
        </form>
        <button
          type="button"
          aria-pressed={unread}
          onClick={() => replaceParams({ unread: unread ? "" : "1" })}
          className={chipClass}
        >
          Unread only
        </button>
        <button
          type="button"
          aria-pressed={favorites}
          onClick={() => replaceParams({ favorites: favorites ? "" : "1" })}
          className={cn(chipClass, "inline-flex items-center gap-1")}
        >
          <Star aria-hidden="true" className="size-4" />
          Favorites
        </button>
        {/* In the filters' row, where a phone has room: the first links stay on its first screen. */}
        {groups.length > 0 ? (
          <div className="ml-auto">
            <BookActions
              selection={{ category: category || undefined, q: q || undefined, unread, favorites }}
              label="These links as a book"
              compact
            />
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-start justify-between gap-3">
        <div id={chipsId} role="group" aria-label="Filter by category" className="flex min-w-0 flex-1 flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={activeKey === ""}
            onClick={() => selectCategory("")}
            className={chipClass}
          >
            All Categories
          </button>
          {shownChips.map((name) => (
            <button
              key={name}
              ref={allChips && name === firstRevealed ? firstRevealedChip : undefined}
              type="button"
              aria-pressed={categoryKey(name) === activeKey}
              onClick={() => selectCategory(name)}
              className={cn(chipClass, "max-w-full truncate")}
            >
              {name}
            </button>
          ))}
          {collapsed.hidden > 0 ? (
            <button
              type="button"
              aria-expanded={allChips}
              aria-controls={chipsId}
              onClick={() => {
                focusRevealed.current = !allChips;
                setAllChips(!allChips);
              }}
              className={cn(chipClass, "inline-flex items-center gap-1 border-dashed text-muted-foreground")}
            >
              {allChips ? "Fewer categories" : `${collapsed.hidden} more categories`}
              {allChips ? (
                <ChevronUp aria-hidden="true" className="size-4" />
              ) : (
                <ChevronDown aria-hidden="true" className="size-4" />
              )}
            </button>
          ) : null}
        </div>
        <Button asChild variant="ghost" size="sm">
          {/* In full, as every link to Settings in the signed-in pages (see the dashboard's "Change time"). */}
          <Link href="/settings" prefetch>
            <Settings2 aria-hidden="true" />
            Manage categories
          </Link>
        </Button>
      </div>

      {history.isPending ? (
        <div className="grid gap-8">
          <p role="status" className="sr-only">
            Loading your links
          </p>
          {Array.from({ length: SKELETON_GROUPS }, (_, index) => (
            <div key={index} className="grid gap-3">
              <Skeleton className="h-6 w-56" />
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ))}
        </div>
      ) : history.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 p-4 text-sm"
        >
          <p>{serverMessage(history.error, "Your history could not be loaded.")}</p>
          <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : groups.length === 0 && (q || unread || favorites) ? (
        <div role="status" className="rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">
            {q ? "No links match your search." : unread ? "No unread links." : "No favorites yet."}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {q
              ? "Try other words, or another category."
              : unread
                ? "Everything here is marked as read."
                : "Star a link to keep it in Favorites."}
          </p>
        </div>
      ) : groups.length === 0 ? (
        <div className="rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">
            {category ? `No links found in the '${category}' category` : "Your history is empty"}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Save your first link to get started.</p>
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link href="/dashboard">Go to Today&apos;s Stash</Link>
          </Button>
          {/* A new account's library is often elsewhere: say where it comes in. */}
          {category ? null : (
            <p className="mt-4 text-sm text-muted-foreground">
              Coming from Pocket, Instapaper or your browser&apos;s bookmarks?{" "}
              <Link href="/settings#import" prefetch className="underline underline-offset-4">
                Import your links
              </Link>
            </p>
          )}
        </div>
      ) : (
        <div className="grid gap-8" aria-busy={history.isPlaceholderData}>
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`history-${group.key}`} className="grid gap-3">
              <h2 id={`history-${group.key}`} className="text-lg font-semibold tracking-tight">
                {`${group.label} (${linkCount(shownDayTotal(group.key, group.items.length))})`}
              </h2>
              <ul className="grid gap-3">
                {group.items.map((link) => (
                  <li key={link.id}>
                    <LinkItem link={link} timeZone={timeZone} now={now} />
                  </li>
                ))}
              </ul>
            </section>
          ))}

          {hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                <BusyLabel busy={isFetchingNextPage} label="Load more" busyLabel="Loading more..." />
              </Button>
            </div>
          ) : null}
          <div ref={sentinel} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
