import { AlarmClock } from "lucide-react";
import { EmailActionCard } from "@/components/digest/email-action-card";
import { emailActionMetadata } from "@/components/digest/email-action-metadata";
import { emailActionStatus } from "@/lib/digests/email-action-service";
import { formatCalendarDay } from "@/lib/digests/snooze-day";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata = emailActionMetadata("Snooze a week");

/** A digest's "Snooze a week" link: opening it changes nothing; the button's POST does. */
export default async function SnoozePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await emailActionStatus("snooze", typeof token === "string" ? token : undefined);
  const comesBack =
    status.state === "found" && status.comesBackOn ? `It comes back on ${formatCalendarDay(status.comesBackOn)}.` : "";
  return (
    <EmailActionCard
      api="/api/snooze"
      status={status}
      icon={AlarmClock}
      ask={{ title: "Snooze for a week?", description: comesBack }}
      button="Snooze a week"
      done={{ title: "Snoozed for a week", description: comesBack }}
    />
  );
}
