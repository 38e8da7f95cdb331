// What an email action's page is told about its link (lib/digests/email-action-service.ts reads
// it), shared with the page's card; pure.

export const EMAIL_ACTION_GONE_MESSAGE = "This link is no longer in your stash.";
/** A digest's feed item whose subscription (or account) is gone. */
export const SAVE_FEED_ITEM_GONE_MESSAGE = "This item is no longer in your feeds.";

export type EmailActionStatus =
  | { state: "invalid" }
  | { state: "gone" }
  | {
      state: "found";
      token: string;
      title: string | null;
      url: string;
      /** The action's effect is already there: the page says so instead of asking. */
      done: boolean;
      /** Snooze: the "YYYY-MM-DD" day the link comes back on (set, or to be set); else null. */
      comesBackOn: string | null;
    };
