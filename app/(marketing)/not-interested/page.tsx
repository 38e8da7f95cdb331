import { Archive } from "lucide-react";
import { EmailActionCard } from "@/components/digest/email-action-card";
import { emailActionMetadata } from "@/components/digest/email-action-metadata";
import { emailActionStatus } from "@/lib/digests/email-action-service";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata = emailActionMetadata("Not interested");

/** A digest's "Not interested" link: opening it changes nothing; the button's POST does. */
export default async function NotInterestedPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await emailActionStatus("not-interested", typeof token === "string" ? token : undefined);
  return (
    <EmailActionCard
      api="/api/not-interested"
      status={status}
      icon={Archive}
      ask={{
        title: "Not interested?",
        description: "This link stays in your history, and digests will not bring it back.",
      }}
      button="Not interested"
      done={{
        title: "Not interested",
        description: "This link stays in your history and won't be brought back by a digest.",
      }}
    />
  );
}
