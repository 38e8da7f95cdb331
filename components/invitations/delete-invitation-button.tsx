"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { INVITATIONS_KEY, type InvitationResponse } from "@/components/invitations/invitation-queries";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/fetcher";

/** Deletes a pending invitation after a confirmation; its code stops working and the invite comes back. */
export function DeleteInvitationButton({ invitation }: { invitation: InvitationResponse }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/invitations/${encodeURIComponent(invitation.id)}`),
    onSuccess: () => {
      toast({ title: "Invitation deleted", description: `The code ${invitation.code} no longer works.` });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Failed to delete invitation", description: serverMessage(error, "Please try again.") });
    },
    onSettled: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete invitation ${invitation.code}`} className="size-9">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete invitation?"
      description={`The code ${invitation.code} will no longer work, and anyone you shared it with cannot claim it. The invite becomes available again.`}
      confirmLabel="Delete"
      open={open}
      onOpenChange={setOpen}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
    />
  );
}
