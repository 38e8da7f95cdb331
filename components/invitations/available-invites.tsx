"use client";

import { useInvitations } from "@/components/invitations/invitation-queries";

/** The Available Invites figure, live: it changes as invitations are created and deleted. */
export function AvailableInvites() {
  const available = useInvitations().data?.availableInvites ?? 0;
  return (
    <>
      <p className="text-3xl font-bold">{available}</p>
      <p className="text-sm text-muted-foreground">{`${available === 1 ? "invitation" : "invitations"} left to send`}</p>
    </>
  );
}
