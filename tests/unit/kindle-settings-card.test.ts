import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KindleSettings, type KindleSettingsItem } from "@/components/settings/kindle-settings";
import { KINDLE_KEY } from "@/lib/client/query-keys";
import { kindleSender } from "@/lib/epub/kindle-sender";

// Settings → Send to Kindle names the sender the user must approve at Amazon: the one their own
// books come from, which no other user's books use.

function card(settings: KindleSettingsItem): string {
  const client = new QueryClient();
  client.setQueryData(KINDLE_KEY, settings);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(KindleSettings)));
}

describe("the Send to Kindle card", () => {
  it("shows the user's own sender to approve, and says to approve exactly that address", () => {
    const mine = kindleSender("LinkStash <digest@linkstash.example>", "user-a").address;
    const theirs = kindleSender("LinkStash <digest@linkstash.example>", "user-b").address;
    const html = card({ kindleEmail: "me@kindle.com", kindleWithDigest: false, from: mine });
    expect(html).toContain(`data-testid="kindle-sender">${mine}</span>`);
    expect(html).not.toContain(theirs);
    expect(html).toContain("approve exactly this address, not the whole domain");
  });
});
