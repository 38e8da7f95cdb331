"use client";

import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";

/** "Delete my account" with its confirmation; afterwards the browser goes to the logout endpoint. */
export function DeleteAccountButton() {
  return (
    <ConfirmDeleteButton
      path="/api/user"
      trigger={<Button variant="destructive">Delete my account</Button>}
      title="Are you absolutely sure?"
      description="This action cannot be undone. This will permanently delete your account and all of your data, including your saved links, categories and invitations."
      confirmLabel="Delete Account"
      // A full navigation to a route handler (not a page): it clears the cookie and every cached
      // query of the deleted account. The dialog stays busy meanwhile rather than flash closed.
      leavesPage
      onDeleted={() => window.location.assign(new URL("/api/logout", window.location.origin))}
      onFailed={(error) =>
        toast({
          variant: "destructive",
          title: "Failed to delete account",
          description: serverMessage(error, "An error occurred while trying to delete your account."),
        })
      }
    />
  );
}
