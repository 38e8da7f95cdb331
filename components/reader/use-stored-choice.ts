"use client";

import { useCallback, useSyncExternalStore } from "react";
import { readStored, writeStored } from "@/lib/client/reader-size";

// A reader choice remembered in localStorage, shared by every component and tab that shows it.
const CHANGE_EVENT = "linkstash-reader-choice-change";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The stored value under `key` (null on the server and when unset) and a setter. */
export function useStoredChoice(key: string): [string | null, (value: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const set = useCallback(
    (next: string) => {
      writeStored(key, next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, set];
}

function subscribeToThemeClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** Whether the page shows the dark theme now (a "system" choice may be either). */
export function useShowsDark(): boolean {
  return useSyncExternalStore(
    subscribeToThemeClass,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}
