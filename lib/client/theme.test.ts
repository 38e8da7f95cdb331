import { describe, expect, it } from "vitest";
import { parseThemeChoice, THEME_CHANGE_EVENT, THEME_STORAGE_KEY, themeScriptSource } from "./theme";

describe("parseThemeChoice", () => {
  it("keeps the three choices and reads anything else as system", () => {
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice("light")).toBe("light");
    expect(parseThemeChoice("system")).toBe("system");
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("DARK")).toBe("system");
  });
});

/** A page as the inline script sees it: <html>'s classes, storage, the media query, window events. */
function fakePage(stored: string | null, systemDark: boolean) {
  const classes = new Set<string>();
  const listeners = new Map<string, ((event: { key?: string }) => void)[]>();
  const mediaListeners: (() => void)[] = [];
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const media = {
    matches: systemDark,
    addEventListener: (_type: string, listener: () => void) => mediaListeners.push(listener),
  };
  const window = {
    matchMedia: () => media,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    addEventListener: (type: string, listener: (event: { key?: string }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  const document = {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
  };
  return {
    run: () => new Function("window", "document", themeScriptSource())(window, document),
    dark: () => classes.has("dark"),
    setSystem: (dark: boolean) => {
      media.matches = dark;
      for (const listener of mediaListeners) listener();
    },
    store: (value: string) => storage.set(THEME_STORAGE_KEY, value),
    emit: (type: string, event: { key?: string } = {}) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
  };
}

describe("the inline theme script", () => {
  it("applies the stored choice at once", () => {
    const page = fakePage("dark", false);
    page.run();
    expect(page.dark()).toBe(true);
  });

  it("follows the system live when nothing is stored, and not when a choice is", () => {
    const page = fakePage(null, false);
    page.run();
    expect(page.dark()).toBe(false);
    page.setSystem(true);
    expect(page.dark()).toBe(true);
    page.store("light");
    page.emit(THEME_CHANGE_EVENT);
    expect(page.dark()).toBe(false);
    page.setSystem(true);
    expect(page.dark()).toBe(false);
  });

  it("picks up a choice made in another tab", () => {
    const page = fakePage("light", true);
    page.run();
    page.store("dark");
    page.emit("storage", { key: "something-else" });
    expect(page.dark()).toBe(false);
    page.emit("storage", { key: THEME_STORAGE_KEY });
    expect(page.dark()).toBe(true);
  });
});
