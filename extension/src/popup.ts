import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  DEFAULT_CATEGORY,
  MAX_CATEGORIES_PER_LINK,
} from "../../lib/categories/rules";
import type { SaveAnswer } from "./messages";
import { categoryNamesOf, linkOf, listCustomCategories, lookupLink, type Connection } from "./server";
import { readStored } from "./storage";
import { byId } from "./dom";

// The toolbar popup: the page in view with its title, a note and up to 3 categories (the
// dashboard's rules and words), saved through the background's one handler.

const MAXIMUM_REACHED = `Maximum categories reached. You can only select up to ${MAX_CATEGORIES_PER_LINK} categories per link`;

let selected: string[] = [];
let names: string[] = [...BUILT_IN_CATEGORIES];

const status = byId("status", HTMLParagraphElement);

function summary(): string {
  const [primary, ...others] = selected;
  return primary
    ? `Primary: ${primary}${others.length > 0 ? `; also ${others.join(", ")}` : ""} (${selected.length} of ${MAX_CATEGORIES_PER_LINK})`
    : `None selected: the link is saved as ${DEFAULT_CATEGORY}. Pick up to ${MAX_CATEGORIES_PER_LINK}; the first is the primary.`;
}

const isSelected = (name: string) => selected.some((chosen) => categoryKey(chosen) === categoryKey(name));

function renderCategories(): void {
  const group = byId("categories", HTMLDivElement);
  const full = selected.length >= MAX_CATEGORIES_PER_LINK;
  group.replaceChildren(
    ...names.map((name) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      button.className = "chip";
      button.setAttribute("aria-pressed", String(isSelected(name)));
      if (full && !isSelected(name)) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", () => toggle(name));
      return button;
    }),
  );
  byId("categories-summary", HTMLParagraphElement).textContent = summary();
}

function toggle(name: string): void {
  if (isSelected(name)) selected = selected.filter((chosen) => categoryKey(chosen) !== categoryKey(name));
  else if (selected.length >= MAX_CATEGORIES_PER_LINK) {
    status.textContent = MAXIMUM_REACHED;
    return;
  } else selected = [...selected, name];
  status.textContent = "";
  renderCategories();
  // The list is redrawn: keep the keyboard where it was.
  [...byId("categories", HTMLDivElement).querySelectorAll("button")].find((b) => b.textContent === name)?.focus();
}

/**
 * The page to save: the active tab of the window. Opened in a tab of its own (a keyboard user can
 * open popup.html so), the popup saves the tab that was in view before it.
 */
async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const self = await chrome.tabs.getCurrent();
  const tabs = await chrome.tabs.query({ currentWindow: true });
  const candidates = tabs.filter((tab) => tab.id !== self?.id && tab.url && /^https?:\/\//i.test(tab.url));
  if (!self) return candidates.find((tab) => tab.active);
  return candidates.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

function describeAnswer(answer: SaveAnswer): string {
  if (!answer.ok) return answer.message;
  if ("queued" in answer) return answer.message;
  return answer.alreadySaved ? "Already saved today: it is in your LinkStash." : "Saved to LinkStash.";
}

async function showWaiting(): Promise<void> {
  const { queue = [], queueProblem } = await readStored();
  const waiting = byId("waiting", HTMLParagraphElement);
  const lines = [];
  if (queue.length > 0)
    lines.push(`${queue.length} ${queue.length === 1 ? "save is" : "saves are"} waiting to be sent.`);
  if (queueProblem) lines.push(queueProblem);
  waiting.textContent = lines.join(" ");
  waiting.hidden = lines.length === 0;
}

async function loadExtras(connection: Connection, url: string): Promise<void> {
  const [custom, found] = await Promise.all([listCustomCategories(connection), lookupLink(connection, url)]);
  names = [...BUILT_IN_CATEGORIES, ...categoryNamesOf(custom.body)];
  renderCategories();
  byId("already", HTMLParagraphElement).hidden = !(found.status === 200 && linkOf(found.body));
}

async function start(): Promise<void> {
  const { serverUrl, token } = await readStored();
  if (!serverUrl || !token) {
    byId("not-connected", HTMLElement).hidden = false;
    byId("open-options", HTMLButtonElement).addEventListener("click", () => void chrome.runtime.openOptionsPage());
    return;
  }
  const tab = await targetTab();
  if (!tab?.url) {
    status.textContent = "There is no web page to save in this tab.";
    return;
  }
  const url = tab.url;
  const form = byId("save-form", HTMLFormElement);
  form.hidden = false;
  byId("page-url", HTMLParagraphElement).textContent = url;
  byId("title", HTMLInputElement).value = tab.title ?? "";
  renderCategories();
  const save = byId("save", HTMLButtonElement);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save.disabled = true;
    status.textContent = "Saving…";
    const title = byId("title", HTMLInputElement).value.trim();
    const notes = byId("notes", HTMLTextAreaElement).value.trim();
    const message = {
      type: "save",
      url,
      ...(title ? { title } : {}),
      ...(notes ? { notes } : {}),
      ...(selected.length > 0 ? { categories: selected } : {}),
    };
    chrome.runtime
      .sendMessage<typeof message, SaveAnswer>(message)
      .then((answer) => {
        status.textContent = describeAnswer(answer);
        return showWaiting();
      })
      .catch((error: unknown) => {
        status.textContent = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        save.disabled = false;
      });
  });
  await Promise.all([showWaiting(), loadExtras({ serverUrl, token }, url)]);
}

start().catch((error: unknown) => {
  status.textContent = error instanceof Error ? error.message : String(error);
});
