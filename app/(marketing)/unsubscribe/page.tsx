import { MailX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ConfirmByPost } from "@/components/ui/confirm-by-post";
import { MessageCard } from "@/components/ui/message-card";
import {
  UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE,
  UNSUBSCRIBE_INVALID_MESSAGE,
  unsubscribeStatus,
} from "@/lib/digests/unsubscribe";

type SearchParams = Record<string, string | string[] | undefined>;

// The URL carries a token that can turn someone's digests off: keep it out of indexes and referrers.
export const metadata: Metadata = {
  title: "Unsubscribe",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <MessageCard tone="problem" title={title} description={message}>
      <p className="text-sm text-muted-foreground">You can also turn digest emails off in Settings.</p>
      <Button asChild variant="outline">
        <Link href="/settings">Go to Settings</Link>
      </Button>
    </MessageCard>
  );
}

/** Shows what the link would do; only the confirm button (a POST) changes anything. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await unsubscribeStatus(typeof token === "string" ? token : undefined);

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      {status.state === "invalid" ? (
        <Problem title="Invalid link" message={UNSUBSCRIBE_INVALID_MESSAGE} />
      ) : status.state === "gone" ? (
        <Problem title="Account not found" message={UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE} />
      ) : (
        <ConfirmByPost
          url={`/api/unsubscribe?${new URLSearchParams({ token: status.token })}`}
          alreadyDone={status.state === "unsubscribed"}
          ask={{
            icon: MailX,
            title: "Unsubscribe from digest emails?",
            description: `Scheduled digest emails to ${status.maskedEmail} will stop. You can still send yourself a digest from the dashboard, and turn them back on in Settings at any time.`,
          }}
          button={{ label: "Unsubscribe", busyLabel: "Unsubscribing..." }}
          done={{
            title: "You're unsubscribed",
            description: `${status.maskedEmail} will not get digest emails any more. Your saved links stay where they are.`,
            children: (
              <>
                <p className="text-sm text-muted-foreground">
                  Changed your mind? You can turn digests back on in Settings.
                </p>
                <Button asChild variant="outline">
                  <Link href="/settings">Turn digests back on in Settings</Link>
                </Button>
              </>
            ),
          }}
        />
      )}
    </div>
  );
}
