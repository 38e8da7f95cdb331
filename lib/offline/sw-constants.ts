import { LOGOUT_HREF } from "@/components/layout/nav-links";
import {
  BUCKET_TOKEN_LENGTH,
  OFFLINE_IMAGES_PER_ARTICLE,
  OFFLINE_KEEP_MAX,
  OFFLINE_KEEP_MIN,
} from "@/lib/offline/sync-limits";
import { SW_MESSAGE } from "@/lib/offline/sw-messages";

// What the service worker (public/sw.js) shares with the server and the pages, gathered from the
// modules that own each value. The worker cannot import modules, so `npm run sw:constants`
// (scripts/write-sw-constants.ts) writes them to public/sw-constants.js, which the worker loads with
// importScripts; a unit test fails when that committed file differs from what the script writes.
// Browser-safe (no Node module), though the pages import only the message types (sw-messages.ts).

/** The worker's constants, under the names public/sw.js uses. */
export const SW_CONSTANTS = {
  SHELL_CACHE: "linkstash-shell-v1",
  READER_CACHE: "linkstash-reader-v2",
  READER_INDEX: "/offline-reader-index.json",
  OFFLINE_PAGE: "/offline.html",
  LOGOUT_PATH: LOGOUT_HREF,
  KEEP_MIN: OFFLINE_KEEP_MIN,
  KEEP_MAX: OFFLINE_KEEP_MAX,
  MAX_IMAGES_PER_PAGE: OFFLINE_IMAGES_PER_ARTICLE,
  BUCKET_TOKEN_LENGTH,
  // A bucket hash the server never gives: that bucket is sent again next time.
  UNKNOWN_BUCKET: "-".repeat(BUCKET_TOKEN_LENGTH),
  MESSAGE_READER_OWNER: SW_MESSAGE.readerOwner,
  MESSAGE_SYNC_READER_PAGES: SW_MESSAGE.syncReaderPages,
  MESSAGE_READER_STATUS: SW_MESSAGE.readerStatus,
} as const;

/** Where the worker loads its constants from (public/). */
export const SW_CONSTANTS_PATH = "/sw-constants.js";

/** The text of public/sw-constants.js, formatted as Prettier leaves it. */
export function swConstantsScript(): string {
  const fields = Object.entries(SW_CONSTANTS).map(([name, value]) => `  ${name}: ${JSON.stringify(value)},`);
  return [
    "// Written by `npm run sw:constants` from lib/offline/sw-constants.ts: change them there, then run it.",
    "self.SW_CONSTANTS = Object.freeze({",
    ...fields,
    "});",
    "",
  ].join("\n");
}
