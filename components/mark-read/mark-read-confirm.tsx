import { ExternalLink } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { CardAction, CardActionButton, CardActionError, CardActionPending } from "@/components/ui/card-action";
import { MessageCard } from "@/components/ui/message-card";
import { displayUrl } from "@/lib/links/display-url";

const FAILED = "The link could not be marked as read. Please try again.";

type Props = { token: string; title: string | null; url: string };

/** Marks the digest's link read once the page has loaded in a browser; the button is the fallback. */
export function MarkReadConfirm({ token, title, url }: Props) {
  const link = (
    <a
      href={url}
      rel="noopener noreferrer"
      className="mx-auto w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {title?.trim() || displayUrl(url)}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
    </a>
  );
  // The two cards have the same shape, so the browser updates the one in place (and announces it).
  return (
    <CardAction
      url="/api/mark-read"
      body={{ token }}
      runOnMount
      before={
        <MessageCard
          tone="success"
          title="Mark as read"
          description={<CardActionPending>Marking as read...</CardActionPending>}
          descriptionRole="status"
        >
          {link}
          <CardActionError fallback={FAILED} />
          <CardActionButton
            className={buttonVariants({ size: "lg" })}
            label="Mark as read"
            busyLabel="Marking as read..."
          />
        </MessageCard>
      }
      after={
        <MessageCard
          tone="success"
          title="Marked as read"
          description="This link will not be listed in your next digests."
          descriptionRole="status"
        >
          {link}
        </MessageCard>
      }
    />
  );
}
