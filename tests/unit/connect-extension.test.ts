import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConnectExtension } from "@/components/extension/connect-extension";
import { EXTENSION_TOKEN_SCOPES, TOKEN_SCOPE_MEANINGS } from "@/lib/auth/token-scopes";

// The connect page's confirmation: the user can only tell a look-alike from their own extension by
// its id, so the page shows it beside where the browser shows theirs, and what the token may do.

describe("the extension's connect confirmation", () => {
  it("names the asking extension's id, where to compare it, and only what its token may do", () => {
    const id = "abcdefghijklmnopabcdefghijklmnop";
    const html = renderToStaticMarkup(
      createElement(ConnectExtension, {
        redirectUrl: `chrome-extension://${id}/connected.html`,
        state: "state-0123456789abcdef",
        tokenName: "Browser extension (Chromium)",
        extensionId: id,
        whereToCompare: "chrome://extensions with Developer mode on, as its ID",
        allowed: EXTENSION_TOKEN_SCOPES.map((scope) => TOKEN_SCOPE_MEANINGS[scope]),
      }),
    );
    expect(html).toContain(`data-testid="extension-id">${id}</code>`);
    expect(html).toContain("chrome://extensions with Developer mode on");
    expect(html).toContain("<li>save links to your stash</li>");
    expect(html).toContain("<li>check whether a page is in your stash</li>");
    expect(html).toContain("<li>read your categories</li>");
    expect(html).not.toContain(TOKEN_SCOPE_MEANINGS["links:write"]);
  });
});
