"use client";

import type { ReactNode } from "react";
import type { Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import { formatHour12 } from "@/lib/digests/schedule";
import { hourChoices } from "@/lib/users/settings-form";
import type { SettingsFormOutput, SettingsFormValues } from "@/lib/users/schemas";

/** The settings form's hour fields: the daily time, the weekly time, one per custom day. */
type HourFieldName = "emailTime" | "globalHour" | `dayHours.${number}`;

/**
 * One hour of the email preferences form: its label, a select of the settings hours (6 AM to
 * 11 PM, plus a saved hour outside them), an optional description and the field's error.
 */
export function HourField({
  control,
  name,
  label,
  hideLabel = false,
  description,
  onHourChange,
  className,
  selectClassName,
}: {
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  name: HourFieldName;
  label: string;
  /** The label is for screen readers only (the custom days show the day's name beside the select). */
  hideLabel?: boolean;
  description?: ReactNode;
  /** Called after the field took a new hour. */
  onHourChange?: (value: string) => void;
  className?: string;
  selectClassName?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value ?? "";
        return (
          <FormItem className={className}>
            <FormLabel className={hideLabel ? "sr-only" : undefined}>{label}</FormLabel>
            <FormControl>
              <NativeSelect
                ref={field.ref}
                name={field.name}
                value={value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  onHourChange?.(event.target.value);
                }}
                onBlur={field.onBlur}
                placeholder="Select a time"
                className={selectClassName}
              >
                {hourChoices(value).map((choice) => (
                  <option key={choice} value={String(choice)}>
                    {formatHour12(choice)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            {description ? <FormDescription>{description}</FormDescription> : null}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
