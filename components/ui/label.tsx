import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A form control's label: the browser's own, so it works before the page hydrates and loads no
 * library. `weight="normal"` for a checkbox's or a radio button's label, read as an answer, not a
 * question.
 */
function Label({ className, weight = "medium", ...props }: ComponentProps<"label"> & { weight?: "medium" | "normal" }) {
  return (
    <label
      className={cn(
        "text-sm leading-snug select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        weight === "medium" ? "font-medium" : "font-normal",
        className,
      )}
      {...props}
    />
  );
}

export { Label };
