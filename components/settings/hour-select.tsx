"use client";

import type { ComponentProps } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatHour12 } from "@/lib/schedule";
import { hourChoices, selectedHour } from "@/lib/settings-form";

type HourSelectProps = Omit<ComponentProps<typeof SelectTrigger>, "value" | "defaultValue" | "children"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A select of the settings hours (6 AM to 11 PM); the trigger takes the label and ARIA props. */
export function HourSelect({ value, onValueChange, ...triggerProps }: HourSelectProps) {
  const selected = selectedHour(value);
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...triggerProps}>
        {/* The value's text is rendered here too, so the server-rendered page shows it before hydration. */}
        <SelectValue placeholder="Select a time">{selected === undefined ? undefined : formatHour12(selected)}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {hourChoices(value).map((choice) => (
          <SelectItem key={choice} value={String(choice)}>
            {formatHour12(choice)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
