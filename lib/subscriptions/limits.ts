// How many feeds one account may follow and one OPML file may bring (decision 0417): subscribing
// one feed and importing a list are held to the same cap. Pure, so Settings can word its messages
// with the same numbers the server keeps.

/** Subscriptions one account may hold, however they were made. */
export const MAX_SUBSCRIPTIONS_PER_USER = 500;

/** Feeds read from one OPML file; the rest are reported as cut. */
export const MAX_OPML_FEEDS = 1000;
