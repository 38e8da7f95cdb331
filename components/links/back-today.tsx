"use client";

import { LinkItem } from "@/components/links/link-item";
import { useBackToday } from "@/components/links/link-queries";
import { Badge } from "@/components/ui/badge";
import { useHiddenLinkIds, withoutHidden } from "@/lib/client/hidden-links";
import { useNow } from "@/lib/client/use-now";
import { linkCount } from "@/lib/time/local-time";

/**
 * "Back today" (docs/product.md, "Remind me"): the links whose reminder day has come, above today's
 * links; nothing at all when there are none. The dashboard prefills the list.
 */
export function BackToday({ timeZone, serverNow }: { timeZone: string; serverNow: number }) {
  const back = useBackToday();
  const now = useNow(serverNow);
  const links = withoutHidden(back.data ?? [], useHiddenLinkIds());
  if (links.length === 0) return null;

  return (
    <section aria-labelledby="back-today-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="back-today-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
          Back today
          <Badge variant="secondary">{linkCount(links.length)}</Badge>
        </h2>
        <p className="text-sm text-muted-foreground">
          Links you asked to see again. Done removes the reminder; the link stays in your stash.
        </p>
      </div>
      <ul aria-label="Links back today" className="grid gap-3">
        {links.map((link) => (
          <li key={link.id}>
            <LinkItem link={link} timeZone={timeZone} now={now} backToday />
          </li>
        ))}
      </ul>
    </section>
  );
}
