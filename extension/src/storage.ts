import type { QueuedSave } from "./queue";

// What the extension keeps in storage.local: the server's origin and the token (the names the
// issue's contract gives), the offline queue, the pending connect's state, and the last refusal of
// a queued save, shown in the popup.

export type Stored = {
  serverUrl?: string;
  token?: string;
  queue?: QueuedSave[];
  connectState?: string;
  queueProblem?: string;
};

export async function readStored(): Promise<Stored> {
  const items = await chrome.storage.local.get(["serverUrl", "token", "queue", "connectState", "queueProblem"]);
  const stored: Stored = {};
  if (typeof items.serverUrl === "string") stored.serverUrl = items.serverUrl;
  if (typeof items.token === "string") stored.token = items.token;
  if (Array.isArray(items.queue)) stored.queue = items.queue.filter(isQueuedSave);
  if (typeof items.connectState === "string") stored.connectState = items.connectState;
  if (typeof items.queueProblem === "string") stored.queueProblem = items.queueProblem;
  return stored;
}

function isQueuedSave(value: unknown): value is QueuedSave {
  return (
    typeof value === "object" &&
    value !== null &&
    "id" in value &&
    typeof value.id === "string" &&
    "request" in value &&
    typeof value.request === "object" &&
    value.request !== null &&
    "url" in value.request &&
    typeof value.request.url === "string"
  );
}

export function writeStored(items: Stored): Promise<void> {
  return chrome.storage.local.set(items);
}
