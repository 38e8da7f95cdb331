// Colour theme: "system" follows the operating system (prefers-color-scheme), live; "light" and
// "dark" override it. The choice lives in this browser's localStorage; the page reads it before its
// first paint (the inline script in app/layout.tsx) and marks <html> with the `dark` class, which
// the CSS tokens and Tailwind's `dark:` variant key on.

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "linkstash-theme";
/** Dispatched on window after this tab changes the choice; the inline script re-applies it. */
export const THEME_CHANGE_EVENT = "linkstash-theme-change";

export function parseThemeChoice(value: unknown): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === value) ?? "system";
}

/**
 * Runs in the page, inline, before anything paints; stringified, so it must not reference anything
 * outside itself. Applies the stored choice and re-applies it when the system setting changes, when
 * this tab changes the choice, or when another tab does (the storage event).
 */
export function initTheme(storageKey: string, changeEvent: string): void {
  const root = document.documentElement;
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(storageKey);
    } catch {
      // Storage blocked (privacy settings): follow the system.
    }
    const dark = stored === "dark" || (stored !== "light" && media.matches);
    root.classList.toggle("dark", dark);
  };
  apply();
  media.addEventListener("change", apply);
  window.addEventListener(changeEvent, apply);
  window.addEventListener("storage", (event) => {
    if (event.key === storageKey) apply();
  });
}

/** The inline script's source. */
export function themeScriptSource(): string {
  return `(${initTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(THEME_CHANGE_EVENT)})`;
}
