import type { Metadata } from "next";
import Link from "next/link";
import { ConfirmEmailChange } from "@/components/account/confirm-email-change";
import { Button } from "@/components/ui/button";
import { MessageCard } from "@/components/ui/message-card";
import { getCurrentUser } from "@/lib/auth/session";
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
        <ConfirmEmailChange
          token={token}
          email={status.email}
          pendingEmail={status.pendingEmail}
          username={user.username}
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
