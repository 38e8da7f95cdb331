import { LogIn } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { MessageCard } from "@/components/ui/message-card";
import { magicLinkParams, signInCallbackAction } from "@/lib/auth/magic-link";
import { isUsableSignInLink } from "@/lib/auth/magic-link-callback";
import { getCurrentUser } from "@/lib/auth/session";
import { SITE_NAME } from "@/lib/site";

type SearchParams = Record<string, string | string[] | undefined>;

// The page an emailed sign-in link opens (docs/decisions/0140): opening it signs nobody in (mail
// scanners, a link forwarded to someone else); the button's same-origin POST does. The token stays
// out of referrers sent to other sites, while this site's own POST keeps its Origin header.
export const metadata: Metadata = {
  title: "Sign in",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

export default async function ConfirmSignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = magicLinkParams(await searchParams);
  const usable = params !== null && (await isUsableSignInLink(params.email, params.token));

  if (!params || !usable) {
    return (
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
        <MessageCard
          tone="problem"
          title="This sign-in link does not work"
          description="It is invalid, was already used, or has expired. Sign-in links work once, for 24 hours."
        >
          <Button asChild>
            <Link href="/login">Request a new link</Link>
          </Button>
        </MessageCard>
      </div>
    );
  }

  const current = await getCurrentUser();
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <MessageCard
        tone="question"
        icon={LogIn}
        title={`Sign in to ${SITE_NAME}`}
        description={
          <>
            This link signs this browser in to the account of{" "}
            <strong className="font-medium break-all text-foreground">{params.email}</strong>.
          </>
        }
      >
        <p className="text-sm text-muted-foreground">
          Only continue if you asked for this link. If someone sent it to you, close this page: signing in would put
          your saved links into their account.
        </p>
        {current && current.email !== params.email ? (
          <p role="note" className="text-sm text-muted-foreground">
            You are signed in as <span className="break-all">{current.email}</span> now; continuing switches this
            browser to {params.email}.
          </p>
        ) : null}
        <form method="post" action={signInCallbackAction(params)} className="grid">
          <Button type="submit" size="wrap">
            {`Sign in as ${params.email}`}
          </Button>
        </form>
      </MessageCard>
    </div>
  );
}
