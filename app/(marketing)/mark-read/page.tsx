import type { Metadata } from "next";
import Link from "next/link";
import { MarkReadConfirm } from "@/components/mark-read/mark-read-confirm";
import { Button } from "@/components/ui/button";
import { MessageCard } from "@/components/ui/message-card";
import { MARK_READ_GONE_MESSAGE, MARK_READ_INVALID_MESSAGE, markReadStatus } from "@/lib/digests/mark-read";

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

/** Opening this page changes nothing (mail scanners fetch links); the client then POSTs the token. */
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
        <MarkReadConfirm token={status.token} title={status.title} url={status.url} />
      )}
    </div>
  );
}
