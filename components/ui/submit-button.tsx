"use client";

import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/client/use-hydrated";

/**
 * A form's submit button, disabled until React has hydrated: a click before that would fall back
 * to a native GET submission, putting the fields (an email address, say) into the URL and doing
 * nothing else.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
