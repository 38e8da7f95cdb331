"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { copyText } from "@/lib/client/copy-text";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { SAVE_ADDRESS_KEY } from "@/lib/client/query-keys";

export type SaveAddressItem = { address: string; fromAnySender: boolean };

/**
 * Settings → Save by email: the user's private address (copy it), a new one on request (the old one
 * stops working, so it asks first), and whether mail from other senders is saved. The page prefills
 * the address.
 */
export function SaveByEmail({ accountEmail }: { accountEmail: string }) {
  const queryClient = useQueryClient();
  const current = useQuery<SaveAddressItem>({ queryKey: SAVE_ADDRESS_KEY }).data;
  const [message, setMessage] = useState("");
  const [confirming, setConfirming] = useState(false);
  const store = async (res: Response) => {
    const saved: SaveAddressItem = await res.json();
    queryClient.setQueryData(SAVE_ADDRESS_KEY, saved);
    return saved;
  };

  const regenerate = useMutation({
    mutationFn: async () => store(await apiRequest("POST", "/api/user/save-address/regenerate")),
    onSuccess: (saved) => {
      setConfirming(false);
      setMessage(`Your new save address is ${saved.address}. The old one no longer works.`);
    },
    onError: (error) => {
      setConfirming(false);
      setMessage(serverMessage(error, "A new address could not be made. Please try again."));
    },
  });

  const choose = useMutation({
    mutationFn: async (fromAnySender: boolean) =>
      store(await apiRequest("PUT", "/api/user/save-address", { fromAnySender })),
    onSuccess: (saved) =>
      setMessage(
        saved.fromAnySender ? "Mail from any sender will be saved." : `Only mail from ${accountEmail} will be saved.`,
      ),
    onError: (error) => setMessage(serverMessage(error, "Your choice could not be saved. Please try again.")),
  });

  if (!current) return null;
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="save-address">Your save address</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <output
            id="save-address"
            className="min-w-0 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
          >
            {current.address}
          </output>
          <div className="flex gap-2">
            <Button variant="outline" onClick={async () => setMessage(await copyText(current.address, "address"))}>
              Copy
            </Button>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              New address
            </Button>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          Mail a link, or forward a newsletter, to this address to save it. Keep it private: anyone who knows it can
          send to it.
        </p>
      </div>

      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Checkbox
            id="save-mail-from-any-sender"
            checked={current.fromAnySender}
            disabled={choose.isPending}
            onCheckedChange={(checked) => choose.mutate(checked)}
            aria-describedby="save-mail-from-any-sender-help"
          />
          <Label htmlFor="save-mail-from-any-sender" className="font-normal">
            Save mail from any sender
          </Label>
        </div>
        <p id="save-mail-from-any-sender-help" className="text-sm text-muted-foreground">
          When this is off, only mail sent from {accountEmail} is saved.
        </p>
      </div>

      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>

      <ConfirmDialog
        title="Make a new save address?"
        description={`Mail sent to ${current.address} will no longer be saved. Update any forwarding rules that use it.`}
        confirmLabel="Make new address"
        busyLabel="Making..."
        variant="default"
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => regenerate.mutate()}
        busy={regenerate.isPending}
      />
    </div>
  );
}
