// Pure: where the connect page may hand a new extension token (docs/decisions/0324). Only an
// extension's own page can live at these addresses: Chromium's extension ids are 32 letters a-p,
// Firefox's per-install origins a UUID. Anything else (a web site, a query, a fragment, another
// page of the extension) is refused, so a token can never be sent to a site.

export const EXTENSION_RECEIVER_PAGE = "connected.html";

export type ExtensionBrowser = "Chromium" | "Firefox";

const RECEIVERS: { pattern: RegExp; browser: ExtensionBrowser }[] = [
  { pattern: /^chrome-extension:\/\/[a-p]{32}\/connected\.html$/, browser: "Chromium" },
  {
    pattern: /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/connected\.html$/,
    browser: "Firefox",
  },
];

/** The browser of an extension's receiving page, or null when `value` is not exactly one. */
export function extensionReceiver(value: string): ExtensionBrowser | null {
  return RECEIVERS.find(({ pattern }) => pattern.test(value))?.browser ?? null;
}

/** The name of the token the extension gets in that browser, as Settings → API tokens lists it. */
export function extensionTokenName(browser: ExtensionBrowser): string {
  return `Browser extension (${browser})`;
}

/**
 * The asking extension's id as its browser shows it: Chromium's 32 letters (chrome://extensions,
 * Developer mode) or Firefox's per-install UUID (about:debugging, "Internal UUID"); null when
 * `value` is no receiving page.
 */
export function extensionId(value: string): string | null {
  if (extensionReceiver(value) === null) return null;
  return new URL(value).host;
}
