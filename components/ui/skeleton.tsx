import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A placeholder block; hidden from assistive technology (announce loading with a status text instead). */
function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

export { Skeleton };
