import { Check, Gift } from "lucide-react";
import Link from "next/link";
import {
  ClaimButton,
  ClaimedMessage,
  InvitationMessage,
  InviteClaimFlow,
} from "@/components/invitations/invite-claim-flow";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MessageCard } from "@/components/ui/message-card";
import { claimButtonLabel, INVITATION_INVALID_MESSAGE } from "@/lib/invitations/rules";

const PRO_BENEFITS = [
  "Unlimited links per day",
  "Daily email digests",
  "Advanced categorization",
  "Send multiple digests per day",
];

/** Who looks at the claim page: a signed-in viewer who may not claim this code has a `refusal`. */
export type InviteViewer = { signedIn: false } | { signedIn: true; onboarded: boolean; refusal: string | null };

/**
 * The /invite/{code} screen: checking, the offer (claim, log in, or why not), claimed, or invalid.
 * Its cards render here, on the server; the claim flow in the browser picks which one shows.
 */
export function InviteClaim({
  code,
  viewer,
  billingEnabled,
}: {
  code: string;
  viewer: InviteViewer;
  /** Without billing the invitation offers no Pro month: every account has every feature (docs/decisions/0304). */
  billingEnabled: boolean;
}) {
  const refusal = viewer.signedIn ? viewer.refusal : null;
  // A new user's dashboard is onboarding: go there directly rather than through a redirect.
  const next = viewer.signedIn && !viewer.onboarded ? "/onboarding" : "/dashboard";

  const claimed = (
    <MessageCard
      tone="success"
      title="Invitation Claimed"
      description={
        <ClaimedMessage
          after={next === "/dashboard" ? "Taking you to your dashboard..." : "Taking you to set up your digest..."}
        />
      }
      descriptionRole="status"
    >
      <Button asChild className="w-full">
        <Link href={next}>{next === "/dashboard" ? "Go to Dashboard" : "Set up your digest"}</Link>
      </Button>
    </MessageCard>
  );

  const invalid = (
    <MessageCard
      tone="problem"
      title="Invalid Invitation"
      description={<InvitationMessage fallback={INVITATION_INVALID_MESSAGE} />}
    >
      <Button asChild variant="outline" className="w-full">
        <Link href="/">Go to Homepage</Link>
      </Button>
    </MessageCard>
  );

  const offer = (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" size="page">
          {refusal ? "You cannot claim this invitation" : "You're invited!"}
        </CardTitle>
        <CardDescription>{refusal ?? <InvitationMessage />}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="pro-benefits" className="grid gap-3">
          <h2 id="pro-benefits" className="text-sm font-medium">
            {billingEnabled ? "Pro includes" : "Every account includes"}
          </h2>
          <ul className="grid gap-2 text-sm">
            {PRO_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {benefit}
              </li>
            ))}
          </ul>
        </section>
        {refusal ? (
          <Button asChild variant="outline" size="lg">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        ) : viewer.signedIn ? (
          <ClaimButton className={buttonVariants({ size: "lg" })} label={claimButtonLabel(billingEnabled)} />
        ) : (
          <Button asChild size="lg">
            {/* An API route answering with a redirect: a plain link, never client navigation. */}
            <a href={`/api/login?returnTo=/invite/${encodeURIComponent(code)}`}>Log in to Claim Invitation</a>
          </Button>
        )}
      </CardContent>
    </Card>
  );

  return <InviteClaimFlow code={code} next={next} offer={offer} invalid={invalid} claimed={claimed} />;
}
