"use client";

import { useMemo, type ComponentProps } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { timeZoneChoices, timeZoneLabel } from "@/lib/users/settings-form";

type TimeZoneSelectProps = Omit<ComponentProps<typeof SelectTrigger>, "value" | "defaultValue" | "children"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** Every IANA zone this browser knows, plus the saved one; typing a few letters jumps to a zone. */
export function TimeZoneSelect({ value, onValueChange, ...triggerProps }: TimeZoneSelectProps) {
  const zones = useMemo(() => timeZoneChoices(value, Intl.supportedValuesOf("timeZone")), [value]);
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder="Select a time zone">{value === "" ? undefined : timeZoneLabel(value)}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {zones.map((zone) => (
          <SelectItem key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
