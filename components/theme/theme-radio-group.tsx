"use client";

import { useId } from "react";
import { THEME_OPTIONS } from "@/components/theme/theme-options";
import { useThemeChoice } from "@/components/theme/use-theme-choice";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { cn } from "@/lib/utils";

/** The theme choice as a labelled radio group, for the mobile menu (the account menu has its own). */
export function ThemeRadioGroup({ className }: { className?: string }) {
  const [theme, setTheme] = useThemeChoice();
  const id = useId();
  return (
    <div className={cn("px-3 py-2", className)}>
      <p id={`${id}-label`} className="mb-2 text-sm text-muted-foreground">
        Theme
      </p>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={theme}
        onValueChange={setTheme}
        className="flex flex-wrap gap-x-5 gap-y-2"
      >
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
          <div key={value} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${value}`} value={value} />
            <Label htmlFor={`${id}-${value}`} className="flex items-center gap-1.5 font-normal">
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </div>
  );
}
