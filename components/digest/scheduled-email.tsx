"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Mail, Send } from "lucide-react";
import Link from "next/link";
import { type StashLink, useTodayLinks } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { MANUAL_DIGESTS_NOTE } from "@/lib/billing/no-billing";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { jsonField, stringField, UnexpectedAnswerError } from "@/lib/client/json-fields";
import { BACK_TODAY_KEY } from "@/lib/client/query-keys";
import type { ScheduledEmailText } from "@/lib/digests/schedule-summary";

/**
 * The dashboard's Scheduled Email section (docs/product.md, "Digests and schedule"): the schedule,
 * Send Digest Now and Change time.
 */
export function ScheduledEmail({ promise, billingEnabled }: { promise: ScheduledEmailText; billingEnabled: boolean }) {
  const today = useTodayLinks();
  const queryClient = useQueryClient();

  const send = useMutation({
    mutationFn: async () => {
      const res = await apiRequest("POST", "/api/digest/send-now");
      const body: unknown = await res.json();
      const success = jsonField(body, "success");
      const message = stringField(body, "message");
      if (typeof success !== "boolean" || message === undefined) throw new UnexpectedAnswerError("send-now");
      return { success, message };
    },
    onSuccess: (result) => {
      toast(
        result.success
          ? { title: "Success!", description: result.message }
          : { title: "Information", description: result.message },
      );
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Error",
        description: serverMessage(error, "Failed to send digest email. Please try again later."),
      });
    },
  });

  function sendNow() {
    // Blocked on the client when today's list and "Back today" are both known to be empty: links
    // coming back make a digest too (the server decides what else it carries).
    const backToday = queryClient.getQueryData<StashLink[]>(BACK_TODAY_KEY);
    if (today.data?.pages[0]?.links.length === 0 && backToday?.length === 0) {
      toast({ title: "No links to send", description: "Add some links first before requesting a digest email." });
      return;
    }
    send.mutate();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-primary" />
          Scheduled Email
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h3 className="font-medium">{promise.title}</h3>
          <p className="text-sm text-muted-foreground">{promise.text}</p>
          {promise.note ? (
            <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {promise.note}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={sendNow} disabled={send.isPending}>
            {send.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {send.isPending ? "Sending..." : "Send Digest Now"}
          </Button>
          <Button asChild variant="outline">
            {/* In full, like the header's links: an "auto" prefetch here would stand in for the account
                menu's full one, and opening Settings from either would wait for a server render. */}
            <Link href="/settings" prefetch>
              Change time
            </Link>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {billingEnabled
            ? "Pro accounts can request unlimited manual digests; free accounts can request one additional digest per day."
            : MANUAL_DIGESTS_NOTE}
        </p>
      </CardContent>
    </Card>
  );
}
