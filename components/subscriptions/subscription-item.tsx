"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { refreshLinkLists } from "@/components/links/link-queries";
import { categoryChoice } from "@/components/subscriptions/category-select";
import { SubscriptionEditForm } from "@/components/subscriptions/subscription-edit-form";
import { forgetSubscription, showSubscription } from "@/components/subscriptions/subscription-queries";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import type { SubscriptionResponse } from "@/lib/subscriptions/schemas";
import { INTO_SUMMARIES, lastCheckedWords } from "@/lib/subscriptions/subscription-words";

/**
 * One feed subscription in Settings: its title (a link to the site), address, category, where its
 * items go, its last check and any failure; *Check now* (*Retry* once checks stopped), *Change* and
 * *Unsubscribe*. Each button's name carries the feed's title, for a list read button by button.
 */
export function SubscriptionItem({
  subscription,
  now,
  onUnsubscribed,
}: {
  subscription: SubscriptionResponse;
  now: Date;
  onUnsubscribed: (message: string) => void;
}) {
  const { id, title, url, siteUrl, category, into, checkedAt, error, stopped } = subscription;
  const editId = useId();
  const queryClient = useQueryClient();
  const changeRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState("");

  const refresh = useMutation({
    mutationFn: async () => {
      const checked: SubscriptionResponse = await (
        await apiRequest("POST", `/api/feeds/${encodeURIComponent(id)}/refresh`)
      ).json();
      return checked;
    },
    onSuccess: async (checked) => {
      showSubscription(queryClient, checked);
      setMessage(checked.error === null ? "Checked." : "Checked: the feed could not be read.");
      if (checked.into === "stash") await refreshLinkLists(queryClient);
    },
    onError: (failure) => setMessage(serverMessage(failure, "The feed could not be checked. Please try again.")),
  });

  // Closing the form takes its Save and Cancel off the page: focus goes back to *Change*.
  const closeEditing = () => {
    setEditing(false);
    changeRef.current?.focus();
  };

  const checkLabel = stopped ? "Retry" : "Check now";

  return (
    <li className="grid min-w-0 gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-1">
        <a
          href={siteUrl ?? url}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit max-w-full font-medium [overflow-wrap:anywhere] underline underline-offset-4"
        >
          {title}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <span className="break-all text-muted-foreground">{url}</span>
        <span>
          {categoryChoice(category)} · {INTO_SUMMARIES[into]}
        </span>
        <span className="text-muted-foreground">
          {checkedAt === null ? (
            lastCheckedWords(null, now)
          ) : (
            <time dateTime={checkedAt}>{lastCheckedWords(checkedAt, now)}</time>
          )}
        </span>
        {error === null ? null : (
          <span className="[overflow-wrap:anywhere] text-destructive">Last check failed: {error}</span>
        )}
        {stopped ? <span className="font-medium">Checks stopped after a week of failures</span> : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`${checkLabel}: ${title}`}
          disabled={refresh.isPending}
          onClick={() => {
            setMessage("");
            refresh.mutate();
          }}
        >
          {refresh.isPending ? "Checking..." : checkLabel}
        </Button>
        <Button
          ref={changeRef}
          variant="outline"
          size="sm"
          aria-label={`Change ${title}`}
          aria-expanded={editing}
          aria-controls={editing ? editId : undefined}
          onClick={() => {
            setMessage("");
            setEditing(!editing);
          }}
        >
          Change
        </Button>
        <ConfirmDeleteButton
          path={`/api/feeds/${encodeURIComponent(id)}`}
          trigger={
            <Button variant="outline" size="sm" aria-label={`Unsubscribe from ${title}`}>
              Unsubscribe
            </Button>
          }
          title={`Unsubscribe from ${title}?`}
          description="Its new items will no longer come in. The links it already brought stay in your stash."
          confirmLabel="Unsubscribe"
          onDeleted={() => {
            forgetSubscription(queryClient, id);
            onUnsubscribed(`Unsubscribed from ${title}.`);
          }}
          onFailed={(failure) =>
            setMessage(serverMessage(failure, "The subscription could not be removed. Please try again."))
          }
        />
      </div>

      {editing ? (
        <div id={editId}>
          <SubscriptionEditForm
            subscription={subscription}
            onSaved={() => {
              setMessage("Saved.");
              closeEditing();
            }}
            onCancel={closeEditing}
          />
        </div>
      ) : null}

      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>
    </li>
  );
}
