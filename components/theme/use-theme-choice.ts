"use client";

import { useCallback, useSyncExternalStore } from "react";
import { parseThemeChoice, THEME_CHANGE_EVENT, THEME_STORAGE_KEY, type ThemeChoice } from "@/lib/client/theme";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) onChange();
  };
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const serverChoice = (): ThemeChoice => "system";

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

/** The stored theme choice and a setter; the page's inline theme script applies every change. */
export function useThemeChoice(): [ThemeChoice, (choice: string) => void] {
  // The server cannot know the stored choice: it renders "system", the browser then reads storage.
  const choice = useSyncExternalStore(subscribe, readChoice, serverChoice);
  const setChoice = useCallback((value: string) => {
    const next = parseThemeChoice(value);
    try {
      if (next === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice cannot be kept; the page stays as it is.
      return;
    }
    window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
  }, []);
  return [choice, setChoice];
}
