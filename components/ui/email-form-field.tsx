"use client";

import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

/** The "Email address" field every form with an address shares (sign-in, email test, onboarding, settings). */
export function EmailFormField<T extends FieldValues>({
  control,
  name,
  placeholder,
  description,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  placeholder?: string;
  description?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Email address</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" placeholder={placeholder} {...field} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
