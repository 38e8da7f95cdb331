// Written by `npm run sw:constants` from lib/offline/sw-constants.ts: change them there, then run it.
self.SW_CONSTANTS = Object.freeze({
  SHELL_CACHE: "linkstash-shell-v1",
  READER_CACHE: "linkstash-reader-v2",
  READER_INDEX: "/offline-reader-index.json",
  OFFLINE_PAGE: "/offline.html",
  LOGOUT_PATH: "/api/logout",
  KEEP_MIN: 50,
  KEEP_MAX: 500,
  MAX_IMAGES_PER_PAGE: 30,
  BUCKET_TOKEN_LENGTH: 6,
  UNKNOWN_BUCKET: "------",
  MESSAGE_READER_OWNER: "reader-owner",
  MESSAGE_SYNC_READER_PAGES: "sync-reader-pages",
  MESSAGE_READER_STATUS: "reader-status",
});
