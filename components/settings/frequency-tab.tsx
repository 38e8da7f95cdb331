"use client";

import { Star } from "lucide-react";
import { TabsTrigger } from "@/components/ui/tabs";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { EmailFrequencyName } from "@/lib/billing/plans";

/**
 * One frequency tab. A tab the plan does not allow is disabled and starred, with a tooltip; a
 * disabled button receives no pointer events, so the tooltip hangs on a wrapper, and screen readers
 * get the reason inside the tab's name.
 */
export function FrequencyTab({
  value,
  label,
  lockedReason,
}: {
  value: EmailFrequencyName;
  label: string;
  lockedReason: string | null;
}) {
  if (lockedReason === null) return <TabsTrigger value={value}>{label}</TabsTrigger>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="grid">
          <TabsTrigger value={value} disabled>
            {label}
            <Star aria-hidden="true" className="fill-amber-400 text-amber-500" />
            <span className="sr-only">{` (${lockedReason})`}</span>
          </TabsTrigger>
        </span>
      </TooltipTrigger>
      <TooltipContent>{lockedReason}</TooltipContent>
    </Tooltip>
  );
}
