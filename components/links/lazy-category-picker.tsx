"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The add-link form shows its categories once a URL is typed, so their code (the buttons, the New
// category dialog's trigger, the create mutation) loads then, or with the form's first focus
// (`preloadCategoryPicker`), not with the page (decision 0396).
const loadPicker = () => import("@/components/links/category-picker");

export const LazyCategoryPicker = dynamic(() => loadPicker().then((module) => module.CategoryPicker), {
  ssr: false,
  loading: () => <Skeleton className="h-24 w-full" />,
});

export const preloadCategoryPicker = () => void loadPicker().catch(() => undefined);
