"use client";

import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** `weight="normal"` for a checkbox's or a radio button's label, read as an answer, not a question. */
function Label({
  className,
  weight = "medium",
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & { weight?: "medium" | "normal" }) {
  return (
    <LabelPrimitive.Root
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
