// The extension's manifest, one source for both browsers (docs/decisions/0323). Chromium runs the
// background as a service worker; Firefox runs the same file as an event page and needs an add-on id.

export type TargetBrowser = "chromium" | "firefox";

export const EXTENSION_VERSION = "1.0.0";

/** Why each permission is there: docs/decisions/0323. No host permission at all. */
const PERMISSIONS = ["storage", "contextMenus", "tabs", "alarms"];

export function manifestFor(browser: TargetBrowser) {
  const background =
    browser === "chromium"
      ? { service_worker: "background.js" }
      : { scripts: ["background.js"], preferred_environment: ["service_worker", "document"] };
  return {
    manifest_version: 3,
    name: "LinkStash",
    short_name: "LinkStash",
    description: "Save the page you are on, or any link, to your LinkStash in one click.",
    version: EXTENSION_VERSION,
    icons: {
      "16": "icons/icon-16.png",
      "32": "icons/icon-32.png",
      "48": "icons/icon-48.png",
      "128": "icons/icon-128.png",
    },
    action: {
      default_title: "Save to LinkStash",
      default_popup: "popup.html",
      default_icon: { "16": "icons/icon-16.png", "32": "icons/icon-32.png" },
    },
    options_ui: { page: "options.html", open_in_tab: true },
    background,
    permissions: PERMISSIONS,
    commands: {
      _execute_action: {
        suggested_key: { default: "Alt+Shift+L" },
        description: "Open the LinkStash popup",
      },
      "save-page": {
        suggested_key: { default: "Alt+Shift+S" },
        description: "Save the current page to LinkStash",
      },
    },
    // The connect page of the user's LinkStash sends the browser here with the new token (decision 0323).
    web_accessible_resources: [{ resources: ["connected.html"], matches: ["<all_urls>"] }],
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: "browser-extension@linkstash.invalid",
              strict_min_version: "140.0",
              data_collection_permissions: { required: ["none"] },
            },
            gecko_android: { strict_min_version: "142.0" },
          },
        }
      : { minimum_chrome_version: "121" }),
  };
}
