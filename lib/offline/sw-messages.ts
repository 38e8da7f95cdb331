// The messages the pages post to the service worker, apart from the rest of its constants
// (sw-constants.ts): every page registers the worker, and carries this alone.

/** The `type` of each message the pages post to the service worker. */
export const SW_MESSAGE = {
  /** Who is signed in (an opaque key, null for nobody): the worker drops reader pages of anyone else. */
  readerOwner: "reader-owner",
  /** Bring the reader pages kept offline up to date (components/reader/offline-sync.ts). */
  syncReaderPages: "sync-reader-pages",
  /** What the device keeps offline, answered on the message's port (Settings). */
  readerStatus: "reader-status",
} as const;
