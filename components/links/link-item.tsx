"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Archive, BellRing, BookOpen, Check, ExternalLink, LoaderCircle, RotateCcw, Trash2 } from "lucide-react";
import Link from "next/link";
import { deleteWithUndo } from "@/components/links/delete-with-undo";
import { FavoriteButton } from "@/components/links/favorite-button";
import { useSetLinkRead, useUpdateLink, type StashLink } from "@/components/links/link-queries";
import { ReminderMenu } from "@/components/links/reminder-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { DEFAULT_CATEGORY } from "@/lib/categories/rules";
import { serverMessage } from "@/lib/client/fetcher";
import { rememberFocusPlace } from "@/lib/client/focus-after-removal";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import { displayUrl } from "@/lib/links/display-url";
import { localToday, reminderText } from "@/lib/links/reminder-days";
import { formatInZone, isSameLocalDay, savedAtText } from "@/lib/time/local-time";
import { cn } from "@/lib/utils";

/**
 * One saved link, on the dashboard and in the history; `now` says what "today" is. In "Back today"
 * (`backToday`) it has a Done button, which removes the reminder and leaves the link in the stash.
 */
export function LinkItem({
  link,
  timeZone,
  now,
  backToday = false,
}: {
  link: StashLink;
  timeZone: string;
  now: Date;
  backToday?: boolean;
}) {
  const queryClient = useQueryClient();
  const setRead = useSetLinkRead(link.id);
  const clearReminder = useUpdateLink(link.id);
  const isRead = link.readAt !== null;
  const readLabel = isRead ? "Mark as unread" : "Mark as read";
  const busy = setRead.isPending || clearReminder.isPending;

  // The address as read (Unicode host, escaped letters decoded); the link itself opens link.url.
  const shownUrl = displayUrl(link.url);
  // A newsletter saved from a mail without a web version opens in the reader (decision 0328).
  const mailOnly = isMailOnlyUrl(link.url);
  const title = link.title?.trim() || shownUrl;
  const categories = link.categories.length > 0 ? link.categories : [link.category || DEFAULT_CATEGORY];
  const addedToday = isSameLocalDay(timeZone, link.createdAt, now);

  return (
    <article
      data-link-id={link.id}
      className={cn("flex items-start gap-3 rounded-lg border p-4", isRead ? "bg-muted/40" : "bg-card")}
      aria-busy={busy}
    >
      <div className="grid min-w-0 flex-1 gap-2">
        <a
          href={mailOnly ? `/read/${link.id}` : link.url}
          target={mailOnly ? undefined : "_blank"}
          rel="noopener noreferrer"
          className={cn(
            "w-fit max-w-full rounded-sm leading-snug [overflow-wrap:anywhere] underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring",
            isRead ? "font-normal text-muted-foreground" : "font-medium text-foreground",
          )}
        >
          {title}
          {mailOnly ? null : (
            <>
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline text-muted-foreground" />
              <span className="sr-only"> (opens in a new tab)</span>
            </>
          )}
        </a>

        <div className="flex flex-wrap gap-1.5">
          {categories.map((name, index) => (
            <Badge key={name} variant={index === 0 ? "default" : "secondary"} className="max-w-full">
              <span className="truncate">{name}</span>
            </Badge>
          ))}
          {addedToday ? <Badge variant="success">Added today</Badge> : null}
          {isRead ? (
            <Badge variant="muted">
              <Check aria-hidden="true" />
              Already read
            </Badge>
          ) : null}
          {link.remindOn ? (
            <Badge variant="outline">
              <BellRing aria-hidden="true" />
              {reminderText(link.remindOn, localToday(timeZone, now))}
            </Badge>
          ) : null}
          {link.archivedAt ? (
            <Badge variant="muted">
              <Archive aria-hidden="true" />
              Archived
            </Badge>
          ) : null}
        </div>

        <p className="text-xs break-all text-muted-foreground">{shownUrl}</p>
        {link.notes ? <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{link.notes}</p> : null}
        {/* A div: the reminder menu's panel is not phrasing content, and it is placed under this row. */}
        <div className="relative flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={link.createdAt}>
            {/* Today's list and History sit under their day; Back today mixes days. */}
            {backToday ? savedAtText(link.createdAt, timeZone, now) : formatInZone(link.createdAt, timeZone, "time")}
          </time>
          <Link
            href={`/read/${encodeURIComponent(link.id)}`}
            className="inline-flex items-center gap-1 rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <BookOpen aria-hidden="true" className="size-3.5" />
            Read
            <span className="sr-only"> {title}</span>
          </Link>
          {link.readingMinutes ? <span>{`${link.readingMinutes} min read`}</span> : null}
          <ReminderMenu link={link} title={title} timeZone={timeZone} now={now} />
          {backToday ? (
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={() =>
                !busy &&
                clearReminder.mutate(
                  { remindOn: null },
                  {
                    onSuccess: () => toast({ title: "Reminder removed", description: "The link stays in your stash." }),
                    onError: (error) =>
                      toast({
                        variant: "destructive",
                        title: "Error",
                        description: serverMessage(error, "Failed to update the link"),
                      }),
                  },
                )
              }
              className="inline-flex min-h-6 items-center gap-1 rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Check aria-hidden="true" className="size-3.5" />
              Done
            </button>
          ) : null}
        </div>
      </div>

      {/* The answer to the last click, for screen readers: the button's new name alone is not announced. */}
      <span role="status" className="sr-only">
        {setRead.isSuccess ? (isRead ? "Marked as read" : "Marked as unread") : ""}
      </span>
      <FavoriteButton link={link} />
      <Button
        variant="quiet"
        size="icon"
        aria-label={readLabel}
        title={readLabel}
        // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
        aria-disabled={busy || undefined}
        onClick={() =>
          !busy &&
          setRead.mutate(!isRead, {
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Error",
                description: serverMessage(error, "Failed to update the link"),
              }),
          })
        }
        className="-mt-1 hover:text-foreground"
      >
        {setRead.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : isRead ? (
          <RotateCcw aria-hidden="true" />
        ) : (
          <Check aria-hidden="true" />
        )}
      </Button>
      <Button
        variant="quiet"
        size="icon"
        aria-label="Delete link"
        aria-disabled={busy || undefined}
        onClick={(event) => !busy && deleteWithUndo(link.id, queryClient, rememberFocusPlace(event.currentTarget))}
        className="-mt-1 -mr-1 hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </article>
  );
}
