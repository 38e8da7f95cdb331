"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The API tokens' controls load after the page, as code most visits never need (decision 0318): the
// Settings page's first load stays within its budget (decision 0280). The placeholder keeps its size.
export const LazyApiTokens = dynamic(
  () => import("@/components/settings/api-tokens").then((module) => module.ApiTokens),
  {
    ssr: false,
    loading: () => <Skeleton className="h-24 w-full" />,
  },
);
