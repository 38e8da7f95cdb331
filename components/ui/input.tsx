import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** The field's classes, for a control a client component renders itself without loading `cn`. */
function inputClassName(className?: string): string {
  return cn(
    "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive md:text-sm",
    className,
  );
}

function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={inputClassName(className)} {...props} />;
}

export { Input, inputClassName };
