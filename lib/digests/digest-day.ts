import { localDateKey } from "@/lib/time/local-day";

// The day a digest is of, as selectComingBack's statement reckons it (a DigestItem's day): the
// recipient's local calendar day of its slot (scheduled) or of its window's end (Send now). Pure.

/** The instant a digest is of. */
export function digestInstant(delivery: { slot: Date | null; windowEnd: Date }): Date {
  return delivery.slot ?? delivery.windowEnd;
}

/** Its local calendar day in `timeZone`, "YYYY-MM-DD". */
export function digestDay(delivery: { slot: Date | null; windowEnd: Date }, timeZone: string): string {
  return localDateKey(timeZone, digestInstant(delivery));
}
