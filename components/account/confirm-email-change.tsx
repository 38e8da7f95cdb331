"use client";

import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import Link from "next/link";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { MessageCard, MessageCardError } from "@/components/ui/message-card";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

const FAILED = "Something went wrong. Please try again.";

type Props = { token: string; email: string; pendingEmail: string };

/** The confirmation step of /confirm-email: only the button's POST changes the address. */
export function ConfirmEmailChange({ token, email, pendingEmail }: Props) {
  const confirm = useMutation({ mutationFn: () => apiRequest("POST", "/api/user/email/confirm", { token }) });

  if (confirm.isSuccess) {
    return (
      <MessageCard
        tone="success"
        title="Email address changed"
        description={`Digests and sign-in links now go to ${pendingEmail}. Other browsers signed in to this account were signed out.`}
        descriptionRole="status"
      >
        <Button asChild variant="outline">
          <Link href="/settings">Go to Settings</Link>
        </Button>
      </MessageCard>
    );
  }

  return (
    <MessageCard
      tone="question"
      icon={MailCheck}
      title="Confirm your new email address"
      description={
        <>
          Use <strong className="font-medium break-all text-foreground">{pendingEmail}</strong> instead of{" "}
          <span className="break-all">{email}</span> for digests and sign-in?
        </>
      }
    >
      <p className="text-sm text-muted-foreground">Confirming signs this account out everywhere else.</p>
      {confirm.isError ? <MessageCardError>{serverMessage(confirm.error, FAILED)}</MessageCardError> : null}
      <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        <BusyLabel busy={confirm.isPending} label="Confirm new address" busyLabel="Confirming..." />
      </Button>
    </MessageCard>
  );
}
