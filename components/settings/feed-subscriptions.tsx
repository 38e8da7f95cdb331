"use client";

import { useState } from "react";
import { SubscribeForm } from "@/components/subscriptions/subscribe-form";
import { SubscriptionItem } from "@/components/subscriptions/subscription-item";
import { useSubscriptions } from "@/components/subscriptions/subscription-queries";

/**
 * Settings → Feed subscriptions: *Add feed*, then the subscriptions, oldest first, each with its
 * last check and its actions. Not the private feeds LinkStash serves (Settings → Feeds).
 */
export function FeedSubscriptions() {
  const subscriptions = useSubscriptions();
  // Said here rather than in the row, which an unsubscribe takes off the page.
  const [message, setMessage] = useState("");
  // One clock for the list's "Last checked …", read when the list renders.
  const now = new Date();

  return (
    <div className="grid gap-6">
      <section aria-labelledby="add-feed" className="grid gap-3">
        <h3 id="add-feed" className="text-sm font-medium">
          Add feed
        </h3>
        <SubscribeForm labelledBy="add-feed" />
      </section>

      <section aria-labelledby="your-subscriptions" className="grid gap-3">
        <h3 id="your-subscriptions" className="text-sm font-medium">
          Your subscriptions
        </h3>
        {subscriptions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : subscriptions.isError ? (
          <p className="text-sm text-destructive">Your subscriptions could not be loaded. Please reload the page.</p>
        ) : subscriptions.data.length === 0 ? (
          <div className="grid gap-1 text-sm">
            <p>No feed subscriptions yet.</p>
            <p className="text-muted-foreground">
              Add a site&apos;s feed and each new post it publishes comes in as a link, or in your digest.
            </p>
          </div>
        ) : (
          <ul aria-labelledby="your-subscriptions" className="grid gap-3">
            {subscriptions.data.map((subscription) => (
              <SubscriptionItem
                key={subscription.id}
                subscription={subscription}
                now={now}
                onUnsubscribed={setMessage}
              />
            ))}
          </ul>
        )}
        <p role="status" aria-live="polite" className="text-sm empty:hidden">
          {message}
        </p>
      </section>
    </div>
  );
}
