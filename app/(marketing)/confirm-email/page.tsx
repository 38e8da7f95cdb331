import { MailCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AccountNameAnnouncement } from "@/components/account/account-name-announcement";
import { Button } from "@/components/ui/button";
import { ConfirmByPost } from "@/components/ui/confirm-by-post";
import { MessageCard } from "@/components/ui/message-card";
import { getCurrentUser } from "@/lib/auth/session";
import { accountName } from "@/lib/users/account-name";
import { CONFIRM_EMAIL_PATH, EMAIL_CHANGE_INVALID_MESSAGE, emailChangeStatus } from "@/lib/users/email-change";

type SearchParams = Record<string, string | string[] | undefined>;

// The link sent to a new address (docs/decisions/0141). It confirms only in a session of the account
// that asked for the change, and only through the button's POST: opening it changes nothing. The
// token stays out of referrers sent to other sites ("no-referrer" would also blank the Origin of the
// page's own POST, which the API requires).
export const metadata: Metadata = {
  title: "Confirm your email address",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const user = await getCurrentUser();

  let content;
  if (typeof token !== "string" || token === "") {
    content = (
      <MessageCard tone="problem" title="Invalid link" description={EMAIL_CHANGE_INVALID_MESSAGE}>
        <Button asChild variant="outline">
          <Link href="/settings">Go to Settings</Link>
        </Button>
      </MessageCard>
    );
  } else if (!user) {
    const returnTo = `${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token })}`;
    content = (
      <MessageCard
        tone="question"
        title="Sign in to confirm"
        description="Sign in to the account that asked for this address (with its current address), then confirm the change."
      >
        <Button asChild>
          <a href={`/api/login?${new URLSearchParams({ returnTo })}`}>Sign in</a>
        </Button>
      </MessageCard>
    );
  } else {
    const status = await emailChangeStatus(user, token);
    content =
      status.state === "valid" ? (
        <ConfirmByPost
          url="/api/user/email/confirm"
          body={{ token }}
          ask={{
            icon: MailCheck,
            title: "Confirm your new email address",
            description: (
              <>
                Use <strong className="font-medium break-all text-foreground">{status.pendingEmail}</strong> instead of{" "}
                <span className="break-all">{status.email}</span> for digests and sign-in?
              </>
            ),
            children: (
              <p className="text-sm text-muted-foreground">Confirming signs this account out everywhere else.</p>
            ),
          }}
          button={{ label: "Confirm new address", busyLabel: "Confirming..." }}
          done={{
            title: "Email address changed",
            description: `Digests and sign-in links now go to ${status.pendingEmail}. Other browsers signed in to this account were signed out.`,
            children: (
              <>
                <Button asChild variant="outline">
                  <Link href="/settings">Go to Settings</Link>
                </Button>
                {/* The header came with this page, before the change. */}
                <AccountNameAnnouncement
                  from={accountName({ username: user.username, email: status.email })}
                  to={accountName({ username: user.username, email: status.pendingEmail })}
                />
              </>
            ),
          }}
        />
      ) : (
        <MessageCard tone="problem" title="Invalid link" description={EMAIL_CHANGE_INVALID_MESSAGE}>
          <Button asChild variant="outline">
            <Link href="/settings">Go to Settings</Link>
          </Button>
        </MessageCard>
      );
  }
  return <div className="mx-auto max-w-md px-4 py-10 sm:py-16">{content}</div>;
}
