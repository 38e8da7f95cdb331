import { BookOpenCheck } from "lucide-react";
import { EmailActionCard } from "@/components/digest/email-action-card";
import { emailActionMetadata } from "@/components/digest/email-action-metadata";
import { emailActionStatus } from "@/lib/digests/email-action-service";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata = emailActionMetadata("Mark as read");

const NOT_LISTED = "This link will not be listed in your next digests.";

/** A digest's "Mark as read" link: opening it changes nothing; the button's POST does. */
export default async function MarkReadPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await emailActionStatus("mark-read", typeof token === "string" ? token : undefined);
  return (
    <EmailActionCard
      api="/api/mark-read"
      status={status}
      icon={BookOpenCheck}
      ask={{ title: "Mark as read?", description: NOT_LISTED }}
      button="Mark as read"
      done={{ title: "Marked as read", description: NOT_LISTED }}
    />
  );
}
