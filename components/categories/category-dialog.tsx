"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import type { CategoryDialogPanelProps } from "@/components/categories/category-dialog-panel";
import { LazyDialog } from "@/components/ui/lazy-dialog";

const loadPanel = () => import("@/components/categories/category-dialog-panel");
const CategoryDialogPanel = dynamic(() => loadPanel().then((module) => module.CategoryDialogPanel), { ssr: false });
const preload = () => void loadPanel().catch(() => undefined);

/**
 * Creates a category of the user's own. With `onSelect` (the dashboard's category picker) a name
 * matching a built-in or custom category selects that one instead, and a new one is selected once
 * created; without it (settings) such a name is refused. The dialog's code loads when it is first
 * opened (or its trigger hovered or focused).
 */
export function CategoryDialog({ trigger, ...panel }: CategoryDialogPanelProps & { trigger?: ReactNode }) {
  return (
    <LazyDialog open={panel.open} onOpen={() => panel.onOpenChange(true)} preload={preload} trigger={trigger}>
      <CategoryDialogPanel {...panel} />
    </LazyDialog>
  );
}
