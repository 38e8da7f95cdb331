import { byId } from "./dom";
import { parseServerAddress } from "./server-address";
import { readStored, writeStored } from "./storage";

// The options page: the user's LinkStash address, and Connect, which opens the app's connect page;
// the app sends the browser back to connected.html with a token (docs/decisions/0324).

const message = byId("message", HTMLParagraphElement);

function newConnectState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
}

async function showConnection(): Promise<void> {
  const { serverUrl, token } = await readStored();
  byId("connection", HTMLParagraphElement).textContent =
    serverUrl && token ? `Connected to ${serverUrl}.` : "Not connected to a LinkStash yet.";
  byId("disconnect", HTMLButtonElement).hidden = !token;
  if (serverUrl) byId("server", HTMLInputElement).value = serverUrl;
}

byId("connect-form", HTMLFormElement).addEventListener("submit", (event) => {
  event.preventDefault();
  const address = parseServerAddress(byId("server", HTMLInputElement).value);
  if (!address.ok) {
    message.textContent = address.message;
    return;
  }
  const connectState = newConnectState();
  const page = new URL("/extension/connect", address.origin);
  page.searchParams.set("redirect", chrome.runtime.getURL("connected.html"));
  page.searchParams.set("state", connectState);
  writeStored({ serverUrl: address.origin, connectState })
    .then(() => chrome.tabs.create({ url: page.href }))
    .then(() => {
      message.textContent = "Finish in the tab that opened: sign in if LinkStash asks, then choose Connect.";
    })
    .catch((error: unknown) => {
      message.textContent = error instanceof Error ? error.message : String(error);
    });
});

byId("disconnect", HTMLButtonElement).addEventListener("click", () => {
  chrome.storage.local
    .remove("token")
    .then(() => {
      message.textContent =
        "Disconnected. Its token still works until you revoke it in LinkStash, under Settings → API tokens.";
    })
    .catch((error: unknown) => {
      message.textContent = error instanceof Error ? error.message : String(error);
    });
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "local") return;
  // Connected in the other tab: the instruction to finish there is done.
  if ("token" in changes && typeof changes.token?.newValue === "string") message.textContent = "";
  showConnection().catch((error: unknown) => console.error("LinkStash options:", error));
});

showConnection().catch((error: unknown) => {
  message.textContent = error instanceof Error ? error.message : String(error);
});
