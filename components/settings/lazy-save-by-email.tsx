"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// Save by email's controls load after the page, as code a visit may never need (decision 0318): the
// Settings page's first load stays within its budget (decision 0280). The placeholder keeps its size.
export const LazySaveByEmail = dynamic(
  () => import("@/components/settings/save-by-email").then((module) => module.SaveByEmail),
  { ssr: false, loading: () => <Skeleton className="h-44 w-full" /> },
);
