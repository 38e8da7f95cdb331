"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// "Show the page's text anyway" loads after the page, as code most visits to the reader never need
// (only a page found not to be an article shows it): the reader's first load stays within budget.
// The placeholder keeps its size.
export const LazyShowTextAnyway = dynamic(
  () => import("@/components/reader/show-text-anyway").then((module) => module.ShowTextAnyway),
  { ssr: false, loading: () => <Skeleton className="h-24 w-full" /> },
);
