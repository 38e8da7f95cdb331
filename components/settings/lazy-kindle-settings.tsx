"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// Send to Kindle's controls load after the page, as code most visits never need (decision 0318): the
// Settings page's first load stays within its budget (decision 0280). The placeholder keeps its size.
export const LazyKindleSettings = dynamic(
  () => import("@/components/settings/kindle-settings").then((module) => module.KindleSettings),
  { ssr: false, loading: () => <Skeleton className="h-56 w-full" /> },
);
