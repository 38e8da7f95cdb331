"use client";

import { Star } from "lucide-react";
import { TabsTrigger } from "@/components/ui/tabs";
import { Tooltip } from "@/components/ui/tooltip";
import type { EmailFrequencyName } from "@/lib/billing/plans";

/**
 * One frequency tab. A tab the plan does not allow is disabled and starred, with a tooltip (its
 * wrapper takes the pointer events a disabled button does not get), and screen readers get the
 * reason inside the tab's name.
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
    <Tooltip content={lockedReason}>
      <TabsTrigger value={value} disabled>
        {label}
        <Star aria-hidden="true" className="fill-amber-400 text-amber-500" />
        <span className="sr-only">{` (${lockedReason})`}</span>
      </TabsTrigger>
    </Tooltip>
  );
}
