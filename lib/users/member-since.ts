import { formatInZone } from "@/lib/time/local-time";
import { isValidTimeZone } from "@/lib/time/time-zones";

/** Settings' "Member since": "January 5, 2025" in the user's zone, or "N/A" without a valid date. */
export function memberSinceLabel(createdAt: Date | null, timeZone: string): string {
  if (!createdAt || Number.isNaN(createdAt.getTime())) return "N/A";
  return formatInZone(createdAt, isValidTimeZone(timeZone) ? timeZone : "UTC", "date");
}
