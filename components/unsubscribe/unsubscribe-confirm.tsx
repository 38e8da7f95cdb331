import { MailX } from "lucide-react";
import Link from "next/link";
import { Button, buttonVariants } from "@/components/ui/button";
import { CardAction, CardActionButton, CardActionError } from "@/components/ui/card-action";
import { MessageCard } from "@/components/ui/message-card";

const FAILED = "Something went wrong. Please try again.";

type Props = { token: string; maskedEmail: string; alreadyUnsubscribed: boolean };

/** The confirmation step of /unsubscribe: only the button's POST changes anything. */
export function UnsubscribeConfirm({ token, maskedEmail, alreadyUnsubscribed }: Props) {
  const unsubscribed = (
    <MessageCard
      tone="success"
      title="You're unsubscribed"
      description={`${maskedEmail} will not get digest emails any more. Your saved links stay where they are.`}
      descriptionRole="status"
    >
      <p className="text-sm text-muted-foreground">Changed your mind? You can turn digests back on in Settings.</p>
      <Button asChild variant="outline">
        <Link href="/settings">Turn digests back on in Settings</Link>
      </Button>
    </MessageCard>
  );
  if (alreadyUnsubscribed) return unsubscribed;

  return (
    <CardAction
      url={`/api/unsubscribe?${new URLSearchParams({ token })}`}
      after={unsubscribed}
      before={
        <MessageCard
          tone="question"
          icon={MailX}
          title="Unsubscribe from digest emails?"
          description={`Scheduled digest emails to ${maskedEmail} will stop. You can still send yourself a digest from the dashboard, and turn them back on in Settings at any time.`}
        >
          <CardActionError fallback={FAILED} />
          <CardActionButton
            className={buttonVariants({ size: "lg" })}
            label="Unsubscribe"
            busyLabel="Unsubscribing..."
          />
        </MessageCard>
      }
    />
  );
}
