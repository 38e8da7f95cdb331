import { digestInstant } from "@/lib/digests/digest-day";
import { formatInZone } from "@/lib/time/local-time";

// What Recent digests calls each digest (decision 0411): its day as History names a day
// ("November 26, 2026"), in the reader's zone, with the time it was sent when another digest listed
// is of the same day (a Send now beside the scheduled one). Pure.

type Sent = { slot: Date | null; windowEnd: Date; sentAt: Date | null };

export function digestTitles(digests: readonly Sent[], timeZone: string): string[] {
  const days = digests.map((digest) => formatInZone(digestInstant(digest), timeZone, "date"));
  return digests.map((digest, i) => {
    const day = days[i] ?? "";
    const sameDay = days.filter((other) => other === day).length > 1;
    return sameDay ? `${day}, ${formatInZone(digest.sentAt ?? digestInstant(digest), timeZone, "time")}` : day;
  });
}
