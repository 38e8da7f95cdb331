import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own checkbox in the theme's colour: keyboards, forms and screen readers know it,
 * and no library loads for it. `onCheckedChange` gets the new state.
 */
function Checkbox({
  className,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<"input">, "type" | "onChange"> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      className={cn(
        "peer size-4 shrink-0 cursor-pointer rounded-sm accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

export { Checkbox };
