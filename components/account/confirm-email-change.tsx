import { MailCheck } from "lucide-react";
import Link from "next/link";
import { AccountNameAnnouncement } from "@/components/account/account-name-announcement";
import { Button, buttonVariants } from "@/components/ui/button";
import { CardAction, CardActionButton, CardActionError } from "@/components/ui/card-action";
import { MessageCard } from "@/components/ui/message-card";
import { accountName } from "@/lib/users/account-name";

const FAILED = "Something went wrong. Please try again.";

type Props = { token: string; email: string; pendingEmail: string; username: string | null };

/** The confirmation step of /confirm-email: only the button's POST changes the address. */
export function ConfirmEmailChange({ token, email, pendingEmail, username }: Props) {
  return (
    <CardAction
      url="/api/user/email/confirm"
      body={{ token }}
      after={
        <MessageCard
          tone="success"
          title="Email address changed"
          description={`Digests and sign-in links now go to ${pendingEmail}. Other browsers signed in to this account were signed out.`}
          descriptionRole="status"
        >
          <Button asChild variant="outline">
            <Link href="/settings">Go to Settings</Link>
          </Button>
          {/* The header came with this page, before the change. */}
          <AccountNameAnnouncement
            from={accountName({ username, email })}
            to={accountName({ username, email: pendingEmail })}
          />
        </MessageCard>
      }
      before={
        <MessageCard
          tone="question"
          icon={MailCheck}
          title="Confirm your new email address"
          description={
            <>
              Use <strong className="font-medium break-all text-foreground">{pendingEmail}</strong> instead of{" "}
              <span className="break-all">{email}</span> for digests and sign-in?
            </>
          }
        >
          <p className="text-sm text-muted-foreground">Confirming signs this account out everywhere else.</p>
          <CardActionError fallback={FAILED} />
          <CardActionButton
            className={buttonVariants({ size: "lg" })}
            label="Confirm new address"
            busyLabel="Confirming..."
          />
        </MessageCard>
      }
    />
  );
}
