"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// Managing categories loads after the page, as the other cards below Settings' first screen do
// (decision 0396): the page's first load keeps room under its budget (decision 0280).
export const LazyManageCategories = dynamic(
  () => import("@/components/settings/manage-categories").then((module) => module.ManageCategories),
  { ssr: false, loading: () => <Skeleton className="h-48 w-full" /> },
);
