"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, LoaderCircle, MailX } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiRequest, serverMessage } from "@/lib/fetcher";

const FAILED = "Something went wrong. Please try again.";

type Props = { token: string; maskedEmail: string; alreadyUnsubscribed: boolean };

/** The confirmation step of /unsubscribe: only the button's POST changes anything. */
export function UnsubscribeConfirm({ token, maskedEmail, alreadyUnsubscribed }: Props) {
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest("POST", `/api/unsubscribe?${new URLSearchParams({ token })}`),
  });

  if (alreadyUnsubscribed || unsubscribe.isSuccess) {
    return (
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
            <CircleCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            You&apos;re unsubscribed
          </CardTitle>
          <CardDescription role="status">
            {`${maskedEmail} will not get digest emails any more. Your saved links stay where they are.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">Changed your mind? You can turn digests back on in Settings.</p>
          <Button asChild variant="outline">
            <Link href="/settings">Turn digests back on in Settings</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailX aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Unsubscribe from digest emails?
        </CardTitle>
        <CardDescription>
          {`Scheduled digest emails to ${maskedEmail} will stop. You can still send yourself a digest from the dashboard, and turn them back on in Settings at any time.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {unsubscribe.isError ? (
          <div
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-left text-sm text-destructive"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{serverMessage(unsubscribe.error, FAILED)}</p>
          </div>
        ) : null}
        <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Unsubscribing...
            </>
          ) : (
            "Unsubscribe"
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
