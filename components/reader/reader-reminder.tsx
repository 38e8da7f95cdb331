"use client";

import { BellRing } from "lucide-react";
import { useState } from "react";
import { ReminderMenu } from "@/components/links/reminder-menu";
import { useNow } from "@/lib/client/use-now";
import { displayUrl } from "@/lib/links/display-url";
import { localToday, reminderText } from "@/lib/links/reminder-days";
import type { LinkResponse } from "@/lib/links/response";

/** The reader's "Remind me", with the day the link comes back once one is set; its panel opens under the toolbar. */
export function ReaderReminder({
  link,
  timeZone,
  serverNow,
}: {
  link: LinkResponse;
  timeZone: string;
  serverNow: number;
}) {
  // The page's copy of the link, kept as the server answers each change.
  const [current, setCurrent] = useState(link);
  const now = useNow(serverNow);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {current.remindOn ? (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <BellRing aria-hidden="true" className="size-3.5" />
          {reminderText(current.remindOn, localToday(timeZone, now))}
        </span>
      ) : null}
      <ReminderMenu
        link={current}
        title={current.title?.trim() || displayUrl(current.url)}
        timeZone={timeZone}
        now={now}
        align="end"
        onUpdated={setCurrent}
      />
    </div>
  );
}
