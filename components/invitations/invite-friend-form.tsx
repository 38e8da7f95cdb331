"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useInvitations } from "@/components/invitations/invitation-queries";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { choiceField, UnexpectedAnswerError } from "@/lib/client/json-fields";
import { INVITATIONS_KEY } from "@/lib/client/query-keys";

const EMAIL_STATUSES = ["none", "sent", "failed"] as const;

function createdDescription(emailStatus: (typeof EMAIL_STATUSES)[number], email: string): string {
  if (emailStatus === "sent") return `We emailed the invitation to ${email}.`;
  if (emailStatus === "failed") return `We could not email ${email}. Copy the invite link below and send it yourself.`;
  return "Copy the invite link below and share it with a friend.";
}

/**
 * The Invite a Friend card's form: an optional recipient address (validated by the server only) and
 * Create Invitation, which asks for confirmation first since it uses an invite.
 */
export function InviteFriendForm({ allowanceNote }: { allowanceNote: string }) {
  const emailId = useId();
  const hintId = useId();
  const [email, setEmail] = useState("");
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const available = useInvitations().data?.availableInvites ?? 0;
  const recipient = email.trim();

  const create = useMutation({
    mutationFn: async (recipientEmail: string) => {
      const res = await apiRequest("POST", "/api/invitations", recipientEmail ? { recipientEmail } : undefined);
      const emailStatus = choiceField(await res.json(), "emailStatus", EMAIL_STATUSES);
      if (emailStatus === undefined) throw new UnexpectedAnswerError("invitation created");
      return { emailStatus };
    },
    onSuccess: ({ emailStatus }, recipientEmail) => {
      toast({ title: "Invitation created!", description: createdDescription(emailStatus, recipientEmail) });
      setEmail("");
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Failed to create invitation",
        description: serverMessage(error, "Please try again."),
      });
    },
    onSettled: async () => {
      setConfirming(false);
      // Either way the allowance may have changed (a 402 means this page's count was stale).
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (available >= 1 && !create.isPending) setConfirming(true);
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={emailId}>Recipient email (optional)</Label>
          <Input
            id={emailId}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="friend@example.com"
            autoComplete="off"
            aria-describedby={hintId}
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            With an address we email the invitation; without one you get a link to share yourself.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SubmitButton disabled={available < 1} className="sm:w-fit">
            <UserPlus aria-hidden="true" />
            Create Invitation
          </SubmitButton>
          <p className="text-sm text-muted-foreground">{allowanceNote}</p>
        </div>
      </form>

      <ConfirmDialog
        title="Create an invitation?"
        description={`${
          recipient
            ? `This sends an email to ${recipient} and uses 1 invite.`
            : "This generates a shareable link and uses 1 invite."
        } You have ${available} ${available === 1 ? "invite" : "invites"} available.`}
        confirmLabel="Confirm"
        busyLabel="Creating..."
        variant="default"
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => create.mutate(recipient)}
        busy={create.isPending}
      />
    </>
  );
}
