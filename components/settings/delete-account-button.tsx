"use client";

import { useMutation } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState, type MouseEvent } from "react";
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

/** "Delete my account" with its confirmation; afterwards the browser goes to the logout endpoint. */
export function DeleteAccountButton() {
  const [open, setOpen] = useState(false);

  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/user"),
    onSuccess: () => {
      // A full navigation: it clears the cookie and every cached query of the deleted account.
      window.location.assign("/api/logout");
    },
    onError: (error) => {
      setOpen(false);
      toast({
        variant: "destructive",
        title: "Failed to delete account",
        description: serverMessage(error, "An error occurred while trying to delete your account."),
      });
    },
  });

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Keep the dialog open until the server has answered.
    event.preventDefault();
    remove.mutate();
  }

  // After success the page is navigating away: stay busy rather than flash the dialog closed.
  const busy = remove.isPending || remove.isSuccess;

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete your account and all of your data, including your
            saved links, categories and invitations.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={busy}>
            {busy ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Deleting...
              </>
            ) : (
              "Delete Account"
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
