"use client";

import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { CopyInviteLinkButton } from "@/components/invitations/copy-invite-link-button";
import { DeleteInvitationButton } from "@/components/invitations/delete-invitation-button";
import { useInvitations, type InvitationResponse } from "@/components/invitations/invitation-queries";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatInZone } from "@/lib/time/local-time";

const DATE_STYLE = "shortDate";

type ItemProps = { invitation: InvitationResponse; timeZone: string; rewards: boolean };

function SentTo({ email }: { email: string | null }) {
  return email ? <p className="text-sm break-all text-muted-foreground">{`Sent to ${email}`}</p> : null;
}

function PendingInvitation({ invitation, timeZone, rewards }: ItemProps) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="font-mono text-sm font-medium break-all">{invitation.code}</p>
        <SentTo email={invitation.recipientEmail} />
        <p className="text-xs text-muted-foreground">{`Created ${formatInZone(invitation.createdAt, timeZone, DATE_STYLE)}`}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <CopyInviteLinkButton code={invitation.code} rewards={rewards} />
        <DeleteInvitationButton invitation={invitation} />
      </div>
    </li>
  );
}

function UsedInvitation({ invitation, timeZone, rewards }: ItemProps) {
  return (
    <li className="grid gap-1 rounded-lg border p-4">
      <p className="text-sm">
        Claimed by <span className="font-medium break-all">{invitation.recipientName ?? "a deleted account"}</span>
      </p>
      <SentTo email={invitation.recipientEmail} />
      <p className="text-xs text-muted-foreground">
        {`Created ${formatInZone(invitation.createdAt, timeZone, DATE_STYLE)}`}
        {invitation.usedAt ? ` · Used ${formatInZone(invitation.usedAt, timeZone, DATE_STYLE)}` : null}
      </p>
      {rewards ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4" />
          You earned 1 month of Pro.
        </p>
      ) : null}
    </li>
  );
}

/** One tab's body: its invitations, or a line saying there are none. */
function InvitationList({
  label,
  empty,
  invitations,
  Item,
  timeZone,
  rewards,
}: {
  label: string;
  empty: string;
  invitations: InvitationResponse[];
  Item: (props: ItemProps) => ReactNode;
  timeZone: string;
  rewards: boolean;
}) {
  if (invitations.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="grid gap-3">
      {invitations.map((invitation) => (
        <Item key={invitation.id} invitation={invitation} timeZone={timeZone} rewards={rewards} />
      ))}
    </ul>
  );
}

/** The invitations page's Pending and Used tabs; `rewards`: billing is on, so claims earn Pro months. */
export function InvitationLists({ timeZone, rewards }: { timeZone: string; rewards: boolean }) {
  const invitations = useInvitations().data?.invitations ?? [];
  const pending = invitations.filter((invitation) => invitation.status === "available");
  const used = invitations.filter((invitation) => invitation.status === "used");

  return (
    <Tabs defaultValue="pending">
      <TabsList>
        <TabsTrigger value="pending">{`Pending (${pending.length})`}</TabsTrigger>
        <TabsTrigger value="used">{`Used (${used.length})`}</TabsTrigger>
      </TabsList>
      <TabsContent value="pending">
        <InvitationList
          label="Pending invitations"
          empty="No pending invitations"
          invitations={pending}
          Item={PendingInvitation}
          timeZone={timeZone}
          rewards={rewards}
        />
      </TabsContent>
      <TabsContent value="used">
        <InvitationList
          label="Used invitations"
          empty="No used invitations"
          invitations={used}
          Item={UsedInvitation}
          timeZone={timeZone}
          rewards={rewards}
        />
      </TabsContent>
    </Tabs>
  );
}
