"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, ExternalLink, LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest, serverMessage } from "@/lib/fetcher";

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
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {done ? "Marked as read" : "Mark as read"}
        </CardTitle>
        <CardDescription role="status">{done ? "This link will not be listed in your next digests." : markRead.isPending ? "Marking as read..." : ""}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <a
          href={url}
          rel="noopener noreferrer"
          className="mx-auto w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {title?.trim() || url}
          <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
        </a>
        {markRead.isError ? (
          <div role="alert" className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-left text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{serverMessage(markRead.error, FAILED)}</p>
          </div>
        ) : null}
        {done ? null : (
          <Button size="lg" disabled={markRead.isPending} onClick={() => markRead.mutate()}>
            {markRead.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Marking as read...
              </>
            ) : (
              "Mark as read"
            )}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
