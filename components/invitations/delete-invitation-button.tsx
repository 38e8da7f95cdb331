"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Trash2 } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { INVITATIONS_KEY, type InvitationResponse } from "@/components/invitations/invitation-queries";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
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

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Keep the dialog open (and its button busy) until the server has answered.
    event.preventDefault();
    remove.mutate();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Delete invitation ${invitation.code}`} className="size-9">
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete invitation?</AlertDialogTitle>
          <AlertDialogDescription>
            {`The code ${invitation.code} will no longer work, and anyone you shared it with cannot claim it. The invite becomes available again.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Deleting...
              </>
            ) : (
              "Delete"
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
