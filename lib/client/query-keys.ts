// Every React Query key of the app, in one place. A key is the API path its query fetches (the
// default query function in lib/client/fetcher.ts joins the string parts into the URL), so any
// screen refreshes a list by naming its path, and the server fills the cache under the same key.

import type { HistoryFilters } from "@/lib/links/history-filters";

/** GET /api/auth/user: the signed-in user. */
export const USER_KEY = ["/api/auth/user"];
/** GET /api/links/today. */
export const TODAY_LINKS_KEY = ["/api/links/today"];
/** GET /api/links/back-today: the links whose reminder day has come (the dashboard's "Back today"). */
export const BACK_TODAY_KEY = ["/api/links/back-today"];
/** GET /api/links/history: every history list; each filter set is one entry below it (historyKey). */
export const HISTORY_KEY = ["/api/links/history"];
/** GET /api/links/categories: the categories the user's links carry (the history's chips). */
export const LINK_CATEGORIES_KEY = ["/api/links/categories"];
/** GET /api/stats/reading: links saved and read per week (the reading chart). */
export const READING_STATS_KEY = ["/api/stats/reading"];
/** GET /api/categories: the user's own categories. */
export const CATEGORIES_KEY = ["/api/categories"];
/** GET /api/invitations. */
export const INVITATIONS_KEY = ["/api/invitations"];
/** GET /api/user/save-address: the user's save-by-email address. */
export const SAVE_ADDRESS_KEY = ["/api/user/save-address"];
/** GET /api/tokens: the user's API tokens. */
export const API_TOKENS_KEY = ["/api/tokens"];
/** GET /api/feed-items: the items of feeds that go to the digest (the dashboard's "From your feeds"). */
export const FEED_ITEMS_KEY = ["/api/feed-items"];
/** GET /api/user/feeds: the addresses of the user's private feeds. */
export const FEEDS_KEY = ["/api/user/feeds"];
/** GET /api/feeds: the user's feed subscriptions (other sites' feeds). */
export const SUBSCRIPTIONS_KEY = ["/api/feeds"];
/** GET /api/user/app-passwords: the user's app passwords and what apps ask for beside them. */
export const APP_PASSWORDS_KEY = ["/api/user/app-passwords"];
/** The user's Send to Kindle settings (Settings → Send to Kindle). */
export const KINDLE_KEY = ["/api/user/kindle"];

/** One history list (its pages are fetched by URL, not by this key's path). */
export const historyKey = (filters: HistoryFilters) => [...HISTORY_KEY, filters];
/** GET /api/links/:id/highlights: one link's highlights (the reader's list), oldest first. */
export const highlightsKey = (linkId: string) => [`/api/links/${encodeURIComponent(linkId)}/highlights`] as const;
/** GET /api/links/:id/article: one link's article status, which the reader waits on while it is prepared. */
export const articleKey = (linkId: string) => [`/api/links/${encodeURIComponent(linkId)}/article`] as const;
