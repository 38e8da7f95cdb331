import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InvitationLists } from "@/components/invitations/invitation-lists";
import { InvitationStats } from "@/components/invitations/invitation-stats";
import { InviteFriendForm } from "@/components/invitations/invite-friend-form";
import { PrefilledQueries } from "@/components/prefilled-queries";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { INVITATIONS_KEY } from "@/lib/client/query-keys";
import { env } from "@/lib/env";
import { invitesNote, REFERRAL_RULE_NOTE } from "@/lib/invitations/rules";
import { listInvitations } from "@/lib/invitations/service";
import { entitlements, proEndsAt } from "@/lib/billing/plans";
import { getCurrentUser } from "@/lib/auth/session";
import { formatTimeLeft } from "@/lib/time/time-left";

export const metadata: Metadata = { title: "Invitations" };

export default async function InvitationsPage() {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const now = new Date();
  const plan = entitlements(user, now, env.billingEnabled);
  // Without billing an invitation is a welcome: no Pro months to give or earn (docs/decisions/0304).
  const rewards = env.billingEnabled;
  const proEnd = proEndsAt(user);

  const invitations = await listInvitations(user, now);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Invite Friends</h1>
        {rewards ? (
          <>
            <p className="text-muted-foreground">
              A friend who claims your invitation gets 1 month of Pro for free, and you earn 1 month of Pro for every
              friend who joins.
            </p>
            <p className="text-sm text-muted-foreground">{REFERRAL_RULE_NOTE}</p>
          </>
        ) : (
          <p className="text-muted-foreground">
            Invite friends to LinkStash: share an invitation link or send it by email.
          </p>
        )}
      </div>

      <PrefilledQueries queries={[[INVITATIONS_KEY, invitations]]}>
        <InvitationStats
          referralMonths={user.referralMonthsEarned}
          rewards={rewards}
          status={{
            accountType: plan.accountType,
            trialLeft: plan.accountType === "free" && user.trialEndsAt ? formatTimeLeft(user.trialEndsAt, now) : null,
            proLeft: proEnd ? formatTimeLeft(proEnd, now) : null,
          }}
        />

        <Card>
          <CardHeader>
            <CardTitle as="h2">Invite a Friend</CardTitle>
            <CardDescription>
              {rewards
                ? "Create an invitation and share it: it gives your friend 1 month of Pro for free."
                : "Create an invitation and share it with a friend."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <InviteFriendForm allowanceNote={invitesNote(plan, env.billingEnabled)} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Your Invitations</CardTitle>
          </CardHeader>
          <CardContent>
            <InvitationLists timeZone={user.timezone} rewards={rewards} />
          </CardContent>
        </Card>
      </PrefilledQueries>
    </div>
  );
}
