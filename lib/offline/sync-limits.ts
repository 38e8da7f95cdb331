// The offline sync's figures shared by the server, the pages and the service worker (which gets
// them through public/sw-constants.js, from lib/offline/sw-constants.ts). No Node or server module
// here: the worker's constants are gathered from this file.

export const OFFLINE_BUCKETS = 32;
/** Characters of one bucket's hash in a cursor (36 bits of a SHA-256, base64url). */
export const BUCKET_TOKEN_LENGTH = 6;
export const CURSOR_LENGTH = OFFLINE_BUCKETS * BUCKET_TOKEN_LENGTH;

/** How many unread articles a device may keep offline (docs/decisions/0345). */
export const OFFLINE_KEEP_MIN = 50;
export const OFFLINE_KEEP_MAX = 500;
/** Images kept with one article for reading offline, the first ones of its text. */
export const OFFLINE_IMAGES_PER_ARTICLE = 30;
