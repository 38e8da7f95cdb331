import { useEffect, useRef } from "react";

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/**
 * Loads a list's next page as its end comes within 600 px of the screen: attach the returned ref to
 * an element after the list. (A "Load more" button beside it serves keyboards and slow scrolls.)
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedList) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}
