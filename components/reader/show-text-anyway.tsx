"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useAnywayWait } from "@/components/reader/article-queries";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/client/fetcher";

type State = "idle" | "asking" | "waiting" | "failed";

/**
 * "Show the page's text anyway": asks for the text of a page that does not look like an article,
 * then waits until the article is no longer "not an article" and shows the page anew.
 */
export function ShowTextAnyway({ linkId }: { linkId: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>("idle");
  const [message, setMessage] = useState<string | null>(null);
  const wait = useAnywayWait(linkId, state === "waiting");
  const step = state === "waiting" ? wait.step : null;
  const gaveUp = step === "give-up";

  useEffect(() => {
    if (step === "refresh") router.refresh();
  }, [step, router]);

  const ask = async () => {
    setState("asking");
    setMessage(null);
    try {
      await apiRequest("POST", `/api/links/${encodeURIComponent(linkId)}/article/anyway`);
      await wait.restart();
      setState("waiting");
    } catch (error) {
      setState("failed");
      setMessage(
        error instanceof Error && error.message.startsWith("429:")
          ? "You are refreshing articles too quickly. Please wait a few minutes."
          : "The page's text could not be asked for. Please try again.",
      );
    }
  };

  return (
    <div className="grid gap-2 pt-2">
      <p className="text-sm text-muted-foreground">
        Some pages with real text do not look like articles. LinkStash can show the text it finds on this page.
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={state === "asking" || (state === "waiting" && !gaveUp)}
        onClick={() => void ask()}
      >
        Show the page&apos;s text anyway
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {(state === "waiting" && !gaveUp) || state === "asking" ? "Reading the page's text…" : null}
        {gaveUp ? "The page did not answer. Please try again later." : null}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
