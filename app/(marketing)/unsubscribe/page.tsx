import { CircleAlert } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { UnsubscribeConfirm } from "@/components/unsubscribe/unsubscribe-confirm";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE, unsubscribeStatus } from "@/lib/unsubscribe";

type SearchParams = Record<string, string | string[] | undefined>;

// The URL carries a token that can turn someone's digests off: keep it out of indexes and referrers.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false }, referrer: "no-referrer" };

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">You can also turn digest emails off in Settings.</p>
        <Button asChild variant="outline">
          <Link href="/settings">Go to Settings</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Shows what the link would do; only the confirm button (a POST) changes anything. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token } = await searchParams;
  const status = await unsubscribeStatus(typeof token === "string" ? token : undefined);

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      {status.state === "invalid" ? (
        <Problem title="Invalid link" message={UNSUBSCRIBE_INVALID_MESSAGE} />
      ) : status.state === "gone" ? (
        <Problem title="Account not found" message={UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE} />
      ) : (
        <UnsubscribeConfirm token={status.token} maskedEmail={status.maskedEmail} alreadyUnsubscribed={status.state === "unsubscribed"} />
      )}
    </div>
  );
}
