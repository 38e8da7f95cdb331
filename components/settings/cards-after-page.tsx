"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { Skeleton } from "@/components/ui/skeleton";

// Settings' cards below its first screen load after the page, as code a visit may never need
// (decisions 0318, 0396): the page's first load keeps room under its budget (decision 0280). Each
// placeholder keeps its card's height, so the page does not jump when the card arrives.

function afterPage<Props extends object>(load: () => Promise<ComponentType<Props>>, placeholderHeight: string) {
  return dynamic(load, { ssr: false, loading: () => <Skeleton className={`${placeholderHeight} w-full`} /> });
}

export const LazyApiTokens = afterPage(
  () => import("@/components/settings/api-tokens").then((module) => module.ApiTokens),
  "h-24",
);
export const LazyAppPasswords = afterPage(
  () => import("@/components/settings/app-passwords").then((module) => module.AppPasswordsCard),
  "h-64",
);
export const LazyPrivateFeeds = afterPage(
  () => import("@/components/settings/private-feeds").then((module) => module.PrivateFeeds),
  "h-48",
);
export const LazyFeedSubscriptions = afterPage(
  () => import("@/components/settings/feed-subscriptions").then((module) => module.FeedSubscriptions),
  "h-80",
);
export const LazyKindleSettings = afterPage(
  () => import("@/components/settings/kindle-settings").then((module) => module.KindleSettings),
  "h-56",
);
export const LazyManageCategories = afterPage(
  () => import("@/components/settings/manage-categories").then((module) => module.ManageCategories),
  "h-48",
);
export const LazyOfflineReading = afterPage(
  () => import("@/components/settings/offline-reading").then((module) => module.OfflineReading),
  "h-32",
);
export const LazySaveByEmail = afterPage(
  () => import("@/components/settings/save-by-email").then((module) => module.SaveByEmail),
  "h-44",
);
export const LazyImportForm = afterPage(
  () => import("@/components/import/import-form").then((module) => module.ImportForm),
  "h-44",
);
