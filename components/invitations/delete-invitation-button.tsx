"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { InvitationResponse } from "@/components/invitations/invitation-queries";
import { ConfirmDeleteButton, TrashButton } from "@/components/ui/confirm-delete-button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { INVITATIONS_KEY } from "@/lib/client/query-keys";

/** Deletes a pending invitation after a confirmation; its code stops working and the invite comes back. */
export function DeleteInvitationButton({ invitation }: { invitation: InvitationResponse }) {
  const queryClient = useQueryClient();
  // Refetched either way: a failure may mean the invitation was claimed meanwhile.
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
  return (
    <ConfirmDeleteButton
      path={`/api/invitations/${encodeURIComponent(invitation.id)}`}
      trigger={<TrashButton label={`Delete invitation ${invitation.code}`} className="size-9" />}
      title="Delete invitation?"
      description={`The code ${invitation.code} will no longer work, and anyone you shared it with cannot claim it. The invite becomes available again.`}
      onDeleted={async () => {
        toast({ title: "Invitation deleted", description: `The code ${invitation.code} no longer works.` });
        await refresh();
      }}
      onFailed={async (error) => {
        toast({
          variant: "destructive",
          title: "Failed to delete invitation",
          description: serverMessage(error, "Please try again."),
        });
        await refresh();
      }}
    />
  );
}
