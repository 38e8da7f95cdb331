import { handedToken } from "./connect-handover";
import { byId } from "./dom";
import { readStored, writeStored } from "./storage";

// Where the app's connect page sends the browser with the new token in the fragment. The token is
// kept only if this extension started that connect (the state matches); the fragment is then
// wiped from the address and the history.

async function receive(): Promise<string> {
  const fragment = window.location.hash;
  history.replaceState(null, "", window.location.pathname);
  const { connectState, serverUrl } = await readStored();
  const token = handedToken(fragment, connectState);
  if (!token || !serverUrl)
    return "This connection was not started from this extension, so it was ignored. Open the extension's options and choose Connect.";
  await writeStored({ token });
  await chrome.storage.local.remove("connectState");
  return `Connected to ${serverUrl}. You can close this tab and save pages with the LinkStash button.`;
}

const result = byId("result", HTMLParagraphElement);
receive().then(
  (text) => {
    result.textContent = text;
  },
  (error: unknown) => {
    result.textContent = error instanceof Error ? error.message : String(error);
  },
);
