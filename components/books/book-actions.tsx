"use client";

import { BookDown, Send } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

/** Which links a book holds: one link, or History's filters. */
export type BookSelection = { link?: string; category?: string; q?: string; unread?: boolean; favorites?: boolean };

function downloadUrl(selection: BookSelection): string {
  const params = new URLSearchParams({ format: "epub" });
  if (selection.link) params.set("link", selection.link);
  if (selection.category) params.set("category", selection.category);
  if (selection.q) params.set("q", selection.q);
  if (selection.unread) params.set("unread", "1");
  if (selection.favorites) params.set("favorites", "1");
  return `/api/export?${params}`;
}

/** "Download EPUB" (a plain download) and "Send to Kindle" (mailed to the address in Settings). */
export function BookActions({
  selection,
  label,
  compact = false,
}: {
  selection: BookSelection;
  label: string;
  /** Icons only on a phone (the words stay for screen readers), for a row that is already full. */
  compact?: boolean;
}) {
  const words = compact ? "sr-only sm:not-sr-only" : undefined;
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    setMessage("Making the book and mailing it to your Kindle...");
    try {
      const res = await apiRequest("POST", "/api/export/kindle", selection);
      const sent: { to: string } = await res.json();
      setMessage(`Sent to ${sent.to}. It arrives on your Kindle in a few minutes.`);
    } catch (error) {
      setMessage(serverMessage(error, "The book could not be sent. Please try again."));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-label={label} className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant={compact ? "ghost" : "outline"} size="sm">
          <a href={downloadUrl(selection)} download>
            <BookDown aria-hidden="true" />
            <span className={words}>Download EPUB</span>
          </a>
        </Button>
        <Button variant={compact ? "ghost" : "outline"} size="sm" onClick={send} disabled={sending}>
          <Send aria-hidden="true" />
          <span className={words}>{sending ? "Sending..." : "Send to Kindle"}</span>
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-sm break-words empty:hidden">
        {message}
        {message.startsWith("Add your Kindle address") ? (
          <>
            {" "}
            <a href="/settings#kindle-email" className="underline underline-offset-4">
              Open Settings
            </a>
          </>
        ) : null}
      </p>
    </section>
  );
}
