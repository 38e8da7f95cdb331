import { ExternalLink, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { MessageCard } from "@/components/ui/message-card";
import { EMAIL_ACTION_GONE_MESSAGE, type EmailActionStatus } from "@/lib/digests/email-action-response";
import { displayUrl } from "@/lib/links/display-url";
import { EMAIL_ACTION_INVALID_MESSAGE } from "@/lib/digests/schemas";

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <MessageCard tone="problem" title={title} description={message}>
      <Button asChild variant="outline">
        <Link href="/history">Open your link history</Link>
      </Button>
    </MessageCard>
  );
}

function LinkShown({ title, url }: { title: string | null; url: string }) {
  return (
    <p className="grid gap-1">
      <a
        href={url}
        rel="noopener noreferrer"
        className="mx-auto w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {title?.trim() || displayUrl(url)}
        <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
      </a>
      {title?.trim() ? (
        <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{displayUrl(url)}</span>
      ) : null}
    </p>
  );
}

/**
 * The page a digest's one-click link opens (/mark-read, /snooze, /not-interested, /save-feed-item): the link, and
 * what the button will do or has done. Opening it changes nothing (mail scanners fetch links); the
 * button is a plain HTML form's POST, so it works without script, and the API answers it with a
 * redirect back here, where the status read from the database shows it done.
 */
export function EmailActionCard({
  api,
  status,
  icon,
  ask,
  button,
  done,
  gone = { title: "Link not found", message: EMAIL_ACTION_GONE_MESSAGE },
  problem = null,
}: {
  /** Where the button POSTs: /api/mark-read, /api/snooze or /api/not-interested. */
  api: string;
  status: EmailActionStatus;
  icon: LucideIcon;
  ask: { title: string; description: string };
  button: string;
  done: { title: string; description: string };
  /** What a gone token's page says: by default, a link no longer in the stash. */
  gone?: { title: string; message: string };
  /** Why the action was refused (a limit), shown instead of the question. */
  problem?: { title: string; message: string } | null;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      {status.state === "invalid" ? (
        <Problem title="Invalid link" message={EMAIL_ACTION_INVALID_MESSAGE} />
      ) : status.state === "gone" ? (
        <Problem title={gone.title} message={gone.message} />
      ) : status.done ? (
        <MessageCard tone="success" title={done.title} description={done.description}>
          <LinkShown title={status.title} url={status.url} />
        </MessageCard>
      ) : problem ? (
        <Problem title={problem.title} message={problem.message} />
      ) : (
        <MessageCard tone="question" icon={icon} title={ask.title} description={ask.description}>
          <LinkShown title={status.title} url={status.url} />
          <form method="post" action={api} className="grid">
            <input type="hidden" name="token" value={status.token} />
            <Button type="submit" size="lg">
              {button}
            </Button>
          </form>
        </MessageCard>
      )}
    </div>
  );
}
