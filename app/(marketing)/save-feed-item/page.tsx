import { BookmarkPlus } from "lucide-react";
import { EmailActionCard } from "@/components/digest/email-action-card";
import { emailActionMetadata } from "@/components/digest/email-action-metadata";
import { SAVE_FEED_ITEM_GONE_MESSAGE } from "@/lib/digests/email-action-response";
import { DAILY_LIMIT_MESSAGE, LINK_RATE_LIMITED_MESSAGE } from "@/lib/links/service";
import { saveFeedItemStatus } from "@/lib/subscriptions/feed-items";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata = emailActionMetadata("Save to stash");

const SAVED = "It is in your stash now, with your other links.";

/** Why the save was refused, by the code the API answered (the page never shows text from its URL). */
const PROBLEMS: Record<string, string> = { plan_limit: DAILY_LIMIT_MESSAGE, rate_limited: LINK_RATE_LIMITED_MESSAGE };

/** A digest's "Save to stash" under a feed's item: opening it changes nothing; the button's POST saves. */
export default async function SaveFeedItemPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token, problem } = await searchParams;
  const status = await saveFeedItemStatus(typeof token === "string" ? token : undefined);
  const refused = typeof problem === "string" ? PROBLEMS[problem] : undefined;
  return (
    <EmailActionCard
      api="/api/save-feed-item"
      status={status}
      icon={BookmarkPlus}
      ask={{ title: "Save to your stash?", description: "It becomes a link in your stash, in its feed's category." }}
      button="Save to stash"
      done={{ title: "Saved to your stash", description: SAVED }}
      gone={{ title: "Item not found", message: SAVE_FEED_ITEM_GONE_MESSAGE }}
      problem={refused ? { title: "Not saved", message: refused } : null}
    />
  );
}
