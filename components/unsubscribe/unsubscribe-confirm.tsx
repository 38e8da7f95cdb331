"use client";

import { useMutation } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import Link from "next/link";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { MessageCard, MessageCardError } from "@/components/ui/message-card";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

const FAILED = "Something went wrong. Please try again.";

type Props = { token: string; maskedEmail: string; alreadyUnsubscribed: boolean };

/** The confirmation step of /unsubscribe: only the button's POST changes anything. */
export function UnsubscribeConfirm({ token, maskedEmail, alreadyUnsubscribed }: Props) {
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest("POST", `/api/unsubscribe?${new URLSearchParams({ token })}`),
  });

  if (alreadyUnsubscribed || unsubscribe.isSuccess) {
    return (
      <MessageCard
        tone="success"
        title="You're unsubscribed"
        description={`${maskedEmail} will not get digest emails any more. Your saved links stay where they are.`}
        descriptionRole="status"
      >
        <p className="text-sm text-muted-foreground">Changed your mind? You can turn digests back on in Settings.</p>
        <Button asChild variant="outline">
          <Link href="/settings">Turn digests back on in Settings</Link>
        </Button>
      </MessageCard>
    );
  }

  return (
    <MessageCard
      tone="question"
      icon={MailX}
      title="Unsubscribe from digest emails?"
      description={`Scheduled digest emails to ${maskedEmail} will stop. You can still send yourself a digest from the dashboard, and turn them back on in Settings at any time.`}
    >
      {unsubscribe.isError ? <MessageCardError>{serverMessage(unsubscribe.error, FAILED)}</MessageCardError> : null}
      <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        <BusyLabel busy={unsubscribe.isPending} label="Unsubscribe" busyLabel="Unsubscribing..." />
      </Button>
    </MessageCard>
  );
}
