import { ExternalLink } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { CardActionPending } from "@/components/ui/card-action";
import { ConfirmByPost } from "@/components/ui/confirm-by-post";
import { MessageCard } from "@/components/ui/message-card";
import { MARK_READ_GONE_MESSAGE, MARK_READ_INVALID_MESSAGE, markReadStatus } from "@/lib/digests/mark-read";
import { displayUrl } from "@/lib/links/display-url";

type SearchParams = Record<string, string | string[] | undefined>;

// The URL carries a token that can mark someone's link read: keep it out of indexes and referrers.
export const metadata: Metadata = {
  title: "Mark as read",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <MessageCard tone="problem" title={title} description={message}>
      <Button asChild variant="outline">
        <Link href="/history">Open your link history</Link>
      </Button>
    </MessageCard>
  );
}

function LinkToRead({ title, url }: { title: string | null; url: string }) {
  return (
    <a
      href={url}
      rel="noopener noreferrer"
      className="mx-auto w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {title?.trim() || displayUrl(url)}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
    </a>
  );
}

/** Opening this page changes nothing (mail scanners fetch links); the browser then POSTs the token. */
export default async function MarkReadPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await markReadStatus(typeof token === "string" ? token : undefined);

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      {status.state === "invalid" ? (
        <Problem title="Invalid link" message={MARK_READ_INVALID_MESSAGE} />
      ) : status.state === "gone" ? (
        <Problem title="Link not found" message={MARK_READ_GONE_MESSAGE} />
      ) : (
        // The two cards have the same shape, so the browser updates the one in place (and announces it).
        <ConfirmByPost
          url="/api/mark-read"
          body={{ token: status.token }}
          postOnLoad
          ask={{
            tone: "success",
            title: "Mark as read",
            description: <CardActionPending>Marking as read...</CardActionPending>,
            descriptionRole: "status",
            children: <LinkToRead title={status.title} url={status.url} />,
          }}
          button={{ label: "Mark as read", busyLabel: "Marking as read..." }}
          failed="The link could not be marked as read. Please try again."
          done={{
            title: "Marked as read",
            description: "This link will not be listed in your next digests.",
            children: <LinkToRead title={status.title} url={status.url} />,
          }}
        />
      )}
    </div>
  );
}
