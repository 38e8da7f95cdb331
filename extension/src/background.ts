import { INVALID_MESSAGE, parseMessage, type ExtensionMessage, type SaveAnswer, type SaveRequest } from "./messages";
import { outcomeOf, QUEUE_FULL_MESSAGE, QUEUED_MESSAGE, withSave, withoutSave } from "./queue";
import { errorOf, linkOf, lookupLink, postLink, type Connection } from "./server";
import { readStored, writeStored, type Stored } from "./storage";

// The background (a service worker in Chromium, an event page in Firefox): the one save handler
// behind the popup, the context menu and the keyboard shortcut; the offline queue; the badge
// (docs/decisions/0323).

export const NOT_CONNECTED_MESSAGE = "Connect the extension to your LinkStash first: open its options.";
const FLUSH_ALARM = "send-queued-saves";
const SAVED_BADGE = "✓";

async function currentConnection(): Promise<Connection | null> {
  const { serverUrl, token } = await readStored();
  return serverUrl && token ? { serverUrl, token } : null;
}

// Every change to the queue runs after the one before: two saves queued at once both stay.
let queueChanges: Promise<unknown> = Promise.resolve();
function changeQueue<T>(change: (stored: Stored) => Promise<T>): Promise<T> {
  const next = queueChanges.then(async () => change(await readStored()));
  queueChanges = next.catch((error: unknown) => console.error("LinkStash queue:", error));
  return next;
}

async function enqueue(request: SaveRequest): Promise<boolean> {
  const added = await changeQueue(async ({ queue = [] }) => {
    const next = withSave(queue, { id: crypto.randomUUID(), request, queuedAt: new Date().toISOString() });
    if (next) await writeStored({ queue: next });
    return next !== null;
  });
  if (added) await chrome.alarms.create(FLUSH_ALARM, { periodInMinutes: 1 });
  return added;
}

// One flush at a time: a save is sent once, and taken off the queue only once the server answered it.
let flushing: Promise<void> | null = null;
function flushQueue(): Promise<void> {
  flushing ??= sendQueued().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendQueued(): Promise<void> {
  const connection = await currentConnection();
  if (!connection) return;
  for (;;) {
    const [next] = (await readStored()).queue ?? [];
    if (!next) {
      await chrome.alarms.clear(FLUSH_ALARM);
      return;
    }
    const answer = await postLink(connection, next.request);
    const outcome = outcomeOf(answer.status);
    if (outcome === "retry") return;
    await changeQueue(async ({ queue = [] }) => {
      const items: Stored = { queue: withoutSave(queue, next.id) };
      if (outcome === "refused") items.queueProblem = `${next.request.url} was not saved: ${errorOf(answer).message}`;
      await writeStored(items);
    });
  }
}

/** The one save handler: sends it, or queues it when LinkStash cannot be reached. */
async function save(request: SaveRequest): Promise<SaveAnswer> {
  const connection = await currentConnection();
  if (!connection) return { ok: false, code: "not_connected", message: NOT_CONNECTED_MESSAGE };
  // What waited goes first.
  await flushQueue();
  const answer = await postLink(connection, request);
  const outcome = outcomeOf(answer.status);
  if (outcome === "saved") {
    const link = linkOf(answer.body);
    if (!link) return { ok: false, code: "unexpected_answer", message: "LinkStash answered the save unexpectedly." };
    await refreshBadges([request.url, link.url]);
    return { ok: true, link, alreadySaved: answer.status === 200 };
  }
  // A revoked token is for the user to fix now, not for the queue to retry in silence.
  if (outcome === "refused" || answer.status === 401) return { ok: false, ...errorOf(answer) };
  if (!(await enqueue(request))) return { ok: false, code: "queue_full", message: QUEUE_FULL_MESSAGE };
  return { ok: true, queued: true, message: QUEUED_MESSAGE };
}

async function answerMessage(message: ExtensionMessage | { type: "invalid" }): Promise<unknown> {
  if (message.type === "invalid") return { ok: false, code: "validation_failed", message: INVALID_MESSAGE };
  if (message.type === "flush") {
    await flushQueue();
    return { ok: true, waiting: ((await readStored()).queue ?? []).length };
  }
  return save(message.request);
}

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse: (answer: unknown) => void) => {
  const parsed = parseMessage(message);
  if (parsed === null) return false;
  answerMessage(parsed).then(sendResponse, (error: unknown) =>
    sendResponse({
      ok: false,
      code: "internal_error",
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  return true;
});

// The badge: a check mark on a tab whose page is already in the stash.

async function setBadge(tabId: number, text: string, title: string, color = "#15803d"): Promise<void> {
  await chrome.action.setBadgeText({ tabId, text });
  if (text) await chrome.action.setBadgeBackgroundColor({ tabId, color });
  await chrome.action.setTitle({ tabId, title });
}

async function updateBadge(tabId: number, url: string | undefined): Promise<void> {
  const connection = await currentConnection();
  if (!connection || !url || !/^https?:\/\//i.test(url)) return setBadge(tabId, "", "Save to LinkStash");
  const answer = await lookupLink(connection, url);
  const stashed = answer.status === 200 && linkOf(answer.body) !== null;
  await setBadge(tabId, stashed ? SAVED_BADGE : "", stashed ? "Already in your LinkStash" : "Save to LinkStash");
}

const logBadgeError = (error: unknown) => console.warn("LinkStash badge:", error);

/** The badges of the tabs showing one of `urls` (as sent and as saved), or of every active tab. */
async function refreshBadges(urls?: string[]): Promise<void> {
  const tabs = await chrome.tabs.query(urls ? {} : { active: true });
  const shown = urls ? tabs.filter((tab) => tab.url !== undefined && urls.includes(tab.url)) : tabs;
  await Promise.all(shown.map((tab) => (tab.id === undefined ? undefined : updateBadge(tab.id, tab.url))));
}

chrome.tabs.onActivated.addListener(({ tabId }) => {
  chrome.tabs
    .get(tabId)
    .then((tab) => updateBadge(tabId, tab.url))
    .catch(logBadgeError);
});

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.url !== undefined || change.status === "complete") updateBadge(tabId, tab.url).catch(logBadgeError);
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "local" || (!("token" in changes) && !("serverUrl" in changes))) return;
  // Connected again: what waited can go now, and the badges follow the new account.
  flushQueue()
    .then(() => refreshBadges())
    .catch((error: unknown) => console.warn("LinkStash reconnect:", error));
});

// The context menu and the shortcut: saved at once, the answer shown on the toolbar button.

async function saveFromTab(request: SaveRequest, tab: chrome.tabs.Tab | undefined): Promise<void> {
  const answer = await save(request);
  if (tab?.id === undefined) return;
  if (!answer.ok) await setBadge(tab.id, "!", answer.message, "#b91c1c");
  else if ("queued" in answer) await setBadge(tab.id, "…", answer.message, "#b45309");
  else await updateBadge(tab.id, tab.url);
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: "save-page", title: "Save page to LinkStash", contexts: ["page"] });
    chrome.contextMenus.create({ id: "save-link", title: "Save link to LinkStash", contexts: ["link"] });
  });
  flushQueue().catch((error: unknown) => console.warn("LinkStash queue:", error));
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  const request: SaveRequest | null =
    info.menuItemId === "save-link" && info.linkUrl
      ? { url: info.linkUrl }
      : info.pageUrl
        ? { url: info.pageUrl, ...(tab?.title ? { title: tab.title } : {}) }
        : null;
  if (request) saveFromTab(request, tab).catch((error: unknown) => console.error("LinkStash save:", error));
});

chrome.commands.onCommand.addListener((command, commandTab) => {
  if (command !== "save-page") return;
  const tab = commandTab
    ? Promise.resolve(commandTab)
    : chrome.tabs.query({ active: true, lastFocusedWindow: true }).then(([active]) => active);
  tab
    .then((target) =>
      target?.url
        ? saveFromTab({ url: target.url, ...(target.title ? { title: target.title } : {}) }, target)
        : undefined,
    )
    .catch((error: unknown) => console.error("LinkStash save:", error));
});

chrome.runtime.onStartup.addListener(() => {
  flushQueue().catch((error: unknown) => console.warn("LinkStash queue:", error));
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === FLUSH_ALARM) flushQueue().catch((error: unknown) => console.warn("LinkStash queue:", error));
});
