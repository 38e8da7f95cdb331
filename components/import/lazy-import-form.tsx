"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The import form loads after the page, as the other cards below Settings' first screen do (decision
// 0396): the page's first load keeps room under its budget (decision 0280). The placeholder keeps its size.
export const LazyImportForm = dynamic(
  () => import("@/components/import/import-form").then((module) => module.ImportForm),
  { ssr: false, loading: () => <Skeleton className="h-44 w-full" /> },
);
