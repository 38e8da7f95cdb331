"use client";

import { useId } from "react";
import { THEME_OPTIONS } from "@/components/theme/theme-options";
import { useThemeChoice } from "@/components/theme/use-theme-choice";

/**
 * The theme choice as a labelled radio group, for the mobile menu (the account menu has its own).
 * Native radio buttons: the header is on every page, and they need no script to be keyboard-usable.
 */
export function ThemeRadioGroup({ className }: { className?: string }) {
  const [theme, setTheme] = useThemeChoice();
  const id = useId();
  return (
    <div className={className ? `px-3 py-2 ${className}` : "px-3 py-2"}>
      <p id={`${id}-label`} className="mb-2 text-sm text-muted-foreground">
        Theme
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-x-5 gap-y-2">
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-${value}`}
              name={`${id}-theme`}
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="size-4 shrink-0 accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            />
            <label
              htmlFor={`${id}-${value}`}
              className="flex items-center gap-1.5 text-sm leading-snug font-normal select-none"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          </div>
        ))}
      </div>
    </div>
  );
}
