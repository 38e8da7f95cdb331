"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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

  // After success the page is navigating away: stay busy rather than flash the dialog closed.
  const busy = remove.isPending || remove.isSuccess;

  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">Delete my account</Button>}
      title="Are you absolutely sure?"
      description="This action cannot be undone. This will permanently delete your account and all of your data, including your saved links, categories and invitations."
      confirmLabel="Delete Account"
      open={open}
      onOpenChange={setOpen}
      onConfirm={() => remove.mutate()}
      busy={busy}
    />
  );
}
