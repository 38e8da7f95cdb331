"use client";

import { useId } from "react";
import { useController, type Control } from "react-hook-form";
import { HourField } from "@/components/settings/hour-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { WEEKDAY_NAMES } from "@/lib/digests/schedule";
import type { SettingsFormOutput, SettingsFormValues } from "@/lib/users/schemas";

/** The custom schedule: a checkbox per weekday, and a time select for each ticked day. */
export function CustomDaysField({ control }: { control: Control<SettingsFormValues, unknown, SettingsFormOutput> }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: "selectedDays" });
  const selected = field.value;
  const errorId = `${id}-error`;

  function toggle(day: number, checked: boolean) {
    const next = checked ? [...selected.filter((d) => d !== day), day] : selected.filter((d) => d !== day);
    field.onChange(next.sort((a, b) => a - b));
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={fieldState.error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Days and times</legend>
      <ul className="grid gap-2">
        {WEEKDAY_NAMES.map((name, day) => {
          const checked = selected.includes(day);
          const checkboxId = `${id}-day-${day}`;
          return (
            <li key={name} className="flex min-h-10 flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <div className="flex items-center gap-3">
                <Checkbox
                  id={checkboxId}
                  // A validation error focuses the first checkbox.
                  ref={day === 0 ? field.ref : undefined}
                  checked={checked}
                  onCheckedChange={(state) => toggle(day, state)}
                  onBlur={field.onBlur}
                />
                <Label htmlFor={checkboxId} weight="normal">
                  {name}
                </Label>
              </div>
              {checked ? (
                <HourField
                  control={control}
                  name={`dayHours.${day}`}
                  label={`Time for ${name}`}
                  hideLabel
                  className="w-full gap-1 sm:w-48"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {fieldState.error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {fieldState.error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
