"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// Offline reading's controls load after the page (decision 0318), as Save by email's do: the
// Settings page's first load stays within its budget (decision 0280).
export const LazyOfflineReading = dynamic(
  () => import("@/components/settings/offline-reading").then((module) => module.OfflineReading),
  { ssr: false, loading: () => <Skeleton className="h-32 w-full" /> },
);
