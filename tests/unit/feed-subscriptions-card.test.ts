import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FeedSubscriptions } from "@/components/settings/feed-subscriptions";
import { CATEGORIES_KEY, SUBSCRIPTIONS_KEY } from "@/lib/client/query-keys";
import type { SubscriptionResponse } from "@/lib/subscriptions/schemas";

// Settings → Feed subscriptions as GET /api/feeds' answer draws it: each subscription's title, address,
// category, where its items go, its last check and a failure in words; the empty list explained.

const ferry: SubscriptionResponse = {
  id: "sub-1",
  title: "The Night Ferry",
  url: "https://ferry.example/feed.xml",
  siteUrl: "https://ferry.example/",
  category: null,
  into: "stash",
  createdAt: "2026-11-01T08:00:00.000Z",
  checkedAt: null,
  nextCheckAt: "2026-11-29T13:00:00.000Z",
  error: null,
  stopped: false,
};

const failing: SubscriptionResponse = {
  ...ferry,
  id: "sub-2",
  title: "Harbour notes",
  url: "https://harbour.example/atom",
  siteUrl: null,
  category: "News",
  into: "digest",
  checkedAt: "2026-01-28T08:00:00.000Z",
  nextCheckAt: null,
  error: "The feed's server answered 503.",
  stopped: true,
};

function card(subscriptions: SubscriptionResponse[]): string {
  const client = new QueryClient();
  client.setQueryData(SUBSCRIPTIONS_KEY, subscriptions);
  client.setQueryData(CATEGORIES_KEY, [{ id: "cat-1", name: "Ships" }]);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(FeedSubscriptions)));
}

describe("the Feed subscriptions card", () => {
  it("offers Add feed with the address, the categories and where items go", () => {
    const html = card([]);
    expect(html).toContain("A feed&#x27;s or a site&#x27;s address");
    expect(html).toContain(">Uncategorized</option>");
    expect(html).toContain(">Ships</option>");
    expect(html).toContain("Save to my stash");
    expect(html).toContain("Only list them in my digest");
    expect(html).toContain("Add feed</button>");
  });

  it("explains an empty list", () => {
    const html = card([]);
    expect(html).toContain("No feed subscriptions yet.");
    expect(html).toContain("each new post it publishes comes in as a link, or in your digest");
  });

  it("lists a subscription with its site, address, category, where items go and no check yet", () => {
    const html = card([ferry]);
    expect(html).toContain('href="https://ferry.example/"');
    expect(html).toContain("https://ferry.example/feed.xml");
    expect(html).toContain("Uncategorized · New items are saved to your stash");
    expect(html).toContain("Not checked yet");
    expect(html).toContain('aria-label="Check now: The Night Ferry"');
    expect(html).toContain('aria-label="Unsubscribe from The Night Ferry"');
    expect(html).not.toContain("Last check failed");
    expect(html).not.toContain("No feed subscriptions yet.");
  });

  it("links a feed without a site to the feed, and says why its checks failed and stopped, with Retry", () => {
    const html = card([failing]);
    expect(html).toContain('href="https://harbour.example/atom"');
    expect(html).toContain("News · New items are listed in your digest");
    expect(html).toMatch(/<time dateTime="2026-01-28T08:00:00.000Z">Last checked \d+ days? ago<\/time>/);
    expect(html).toContain("Last check failed: The feed&#x27;s server answered 503.");
    expect(html).toContain("Checks stopped after a week of failures");
    expect(html).toContain('aria-label="Retry: Harbour notes"');
    expect(html).not.toContain("Check now");
  });
});
