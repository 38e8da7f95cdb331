"use client";

import { useMutation } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { MessageCard, MessageCardError } from "@/components/ui/message-card";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

const FAILED = "The link could not be marked as read. Please try again.";

type Props = { token: string; title: string | null; url: string };

/** Marks the digest's link read once the page has loaded in a browser; the button is the fallback. */
export function MarkReadConfirm({ token, title, url }: Props) {
  const markRead = useMutation({ mutationFn: () => apiRequest("POST", "/api/mark-read", { token }) });
  const { mutate } = markRead;
  const started = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const done = markRead.isSuccess;
  return (
    <MessageCard
      tone="success"
      title={done ? "Marked as read" : "Mark as read"}
      description={
        done ? "This link will not be listed in your next digests." : markRead.isPending ? "Marking as read..." : ""
      }
      descriptionRole="status"
    >
      <a
        href={url}
        rel="noopener noreferrer"
        className="mx-auto w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {title?.trim() || url}
        <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
      </a>
      {markRead.isError ? <MessageCardError>{serverMessage(markRead.error, FAILED)}</MessageCardError> : null}
      {done ? null : (
        <Button size="lg" disabled={markRead.isPending} onClick={() => markRead.mutate()}>
          <BusyLabel busy={markRead.isPending} label="Mark as read" busyLabel="Marking as read..." />
        </Button>
      )}
    </MessageCard>
  );
}
