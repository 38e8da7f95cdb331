import { Crown, Gift, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { AvailableInvites } from "@/components/invitations/available-invites";
import { Card, CardContent, CardDescription } from "@/components/ui/card";
import { EVERYTHING_INCLUDED, EVERYTHING_INCLUDED_TITLE } from "@/lib/billing/no-billing";

export type AccountStatus = {
  accountType: "free" | "pro";
  /** Time left ("14 days left", "Expired"), or null when there is no such date. */
  trialLeft: string | null;
  proLeft: string | null;
};

function StatCard({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card role="group" aria-labelledby={id}>
      {/* A smaller header than CardHeader's: the figure below is what matters. */}
      <div className="flex items-center justify-between gap-2 p-6 pb-2">
        <h2 id={id} className="text-sm font-medium tracking-tight">
          {title}
        </h2>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <CardContent className="grid gap-1">{children}</CardContent>
    </Card>
  );
}

/** The three cards at the top of /invitations. */
export function InvitationStats({
  referralMonths,
  rewards,
  status,
}: {
  referralMonths: number;
  /** Billing is on, so invitations earn Pro months; without it there are no plans (docs/decisions/0304). */
  rewards: boolean;
  status: AccountStatus;
}) {
  if (!rewards) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard id="available-invites" title="Available Invites" icon={<Ticket />}>
          <AvailableInvites />
        </StatCard>
        <StatCard id="account-status" title="Account Status" icon={<Crown />}>
          <p className="text-3xl font-bold">{EVERYTHING_INCLUDED_TITLE}</p>
          <CardDescription>{EVERYTHING_INCLUDED}</CardDescription>
        </StatCard>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard id="available-invites" title="Available Invites" icon={<Ticket />}>
        <AvailableInvites />
      </StatCard>
      <StatCard id="referral-rewards" title="Referral Rewards" icon={<Gift />}>
        <p className="text-3xl font-bold">{referralMonths}</p>
        <CardDescription>{`free ${referralMonths === 1 ? "month" : "months"} of Pro earned`}</CardDescription>
      </StatCard>
      <StatCard id="account-status" title="Account Status" icon={<Crown />}>
        <p className="text-3xl font-bold">{status.accountType === "pro" ? "Pro" : "Free"}</p>
        <dl className="grid gap-0.5 text-sm text-muted-foreground">
          {status.proLeft ? (
            <div className="flex gap-1">
              <dt>Pro ends:</dt>
              <dd>{status.proLeft}</dd>
            </div>
          ) : null}
          {status.trialLeft ? (
            <div className="flex gap-1">
              <dt>Trial ends:</dt>
              <dd>{status.trialLeft}</dd>
            </div>
          ) : null}
        </dl>
      </StatCard>
    </div>
  );
}
