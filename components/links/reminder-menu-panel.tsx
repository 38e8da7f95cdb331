"use client";

import { Archive, BellOff } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { type LinkChange, type StashLink, useUpdateLink } from "@/components/links/link-queries";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import {
  dayKey,
  formatReminderDay,
  latestReminderDay,
  localToday,
  parseDayKey,
  REMINDER_PRESETS,
  reminderDay,
} from "@/lib/links/reminder-days";
import { cn } from "@/lib/utils";

const itemClass =
  "flex min-h-10 w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";
const separator = <div role="separator" className="-mx-1 my-1 h-px bg-border" />;

export type ReminderMenuPanelProps = {
  id: string;
  link: Pick<StashLink, "id" | "remindOn" | "archivedAt">;
  /** The link's title as shown: names the panel for screen readers. */
  title: string;
  timeZone: string;
  now: Date;
  /** Which edge of the positioned ancestor the panel lines up with. */
  align?: "start" | "end";
  onClose: () => void;
  /** The link as the server answered a change (the reader keeps its own copy). */
  onUpdated?: (link: StashLink) => void;
};

/**
 * The days a link can come back on: Tomorrow, This weekend, Next week, In a month (each with its
 * date), a date picked in the browser's own date field (today to 5 years ahead), and Remove
 * reminder or Unarchive when they apply. Focus starts on the first choice.
 */
export function ReminderMenuPanel({
  id,
  link,
  title,
  timeZone,
  now,
  align = "start",
  onClose,
  onUpdated,
}: ReminderMenuPanelProps) {
  const update = useUpdateLink(link.id);
  const today = localToday(timeZone, now);
  const [picked, setPicked] = useState(link.remindOn ?? "");
  const first = useRef<HTMLButtonElement>(null);
  const dateId = useId();

  useEffect(() => first.current?.focus(), []);

  const apply = (change: LinkChange, done: { title: string; description: string }) => {
    if (update.isPending) return;
    update.mutate(change, {
      onSuccess: (updated) => {
        toast(done);
        onUpdated?.(updated);
        onClose();
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: serverMessage(error, "Failed to update the link"),
        }),
    });
  };

  const remindOn = (key: string) => {
    const day = parseDayKey(key);
    const when = day && key > dayKey(today) ? `on ${formatReminderDay(day, today)}` : "today";
    apply({ remindOn: key }, { title: "Reminder set", description: `This link comes back ${when}.` });
  };

  const onPick = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked) remindOn(picked);
  };

  return (
    <div
      id={id}
      role="group"
      aria-label={`Remind me about ${title}`}
      aria-busy={update.isPending}
      className={cn(
        "absolute top-full z-50 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
        align === "end" ? "right-0" : "left-0",
      )}
    >
      {REMINDER_PRESETS.map(({ preset, label }, index) => {
        const day = reminderDay(preset, today);
        return (
          <button
            key={preset}
            ref={index === 0 ? first : undefined}
            type="button"
            className={itemClass}
            onClick={() => remindOn(dayKey(day))}
          >
            <span className="font-medium">{label}</span>
            <span className="ml-auto text-xs text-muted-foreground">{formatReminderDay(day, today)}</span>
          </button>
        );
      })}
      {separator}
      <form onSubmit={onPick} className="grid gap-1.5 px-2 py-1.5">
        <label htmlFor={dateId} className="text-sm font-medium">
          Pick a date
        </label>
        <div className="flex gap-2">
          <input
            id={dateId}
            type="date"
            required
            min={dayKey(today)}
            max={dayKey(latestReminderDay(today))}
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <Button type="submit" size="sm" aria-disabled={update.isPending || undefined}>
            Set<span className="sr-only"> reminder</span>
          </Button>
        </div>
      </form>
      {link.remindOn || link.archivedAt ? separator : null}
      {link.remindOn ? (
        <button
          type="button"
          className={itemClass}
          onClick={() =>
            apply({ remindOn: null }, { title: "Reminder removed", description: "The link stays in your stash." })
          }
        >
          <BellOff aria-hidden="true" />
          Remove reminder
        </button>
      ) : null}
      {link.archivedAt ? (
        <button
          type="button"
          className={itemClass}
          onClick={() =>
            apply(
              { archived: false },
              { title: "Link unarchived", description: "Your digests can bring it back again." },
            )
          }
        >
          <Archive aria-hidden="true" />
          Unarchive
        </button>
      ) : null}
      <span role="status" className="sr-only">
        {update.isPending ? "Saving..." : ""}
      </span>
    </div>
  );
}
