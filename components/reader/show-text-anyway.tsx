"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/client/fetcher";
import { stringField } from "@/lib/client/json-fields";

const POLL_MS = 2_000;
/** About a minute: the page is fetched and read within seconds unless the fetch keeps failing. */
const MAX_POLLS = 30;
const NOT_ARTICLE = "not an article";

type State = "idle" | "asking" | "waiting" | "failed" | "gave-up";

/**
 * "Show the page's text anyway": asks for the text of a page that does not look like an article,
 * then waits until the article is no longer "not an article" and shows the page anew.
 */
export function ShowTextAnyway({ linkId }: { linkId: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>("idle");
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (state !== "waiting") return;
    let stopped = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      polls += 1;
      const body: unknown = await (await apiRequest("GET", `/api/links/${encodeURIComponent(linkId)}/article`)).json();
      if (stopped) return;
      const status = stringField(body, "status");
      if (status === "ready" || (status === "unavailable" && stringField(body, "reason") !== NOT_ARTICLE)) {
        router.refresh();
      } else if (polls >= MAX_POLLS) {
        setState("gave-up");
      } else {
        timer = setTimeout(next, POLL_MS);
      }
    };
    const next = () => {
      if (!stopped)
        void poll().catch(() => (polls >= MAX_POLLS ? setState("gave-up") : (timer = setTimeout(next, POLL_MS))));
    };
    timer = setTimeout(next, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state, linkId, router]);

  const ask = async () => {
    setState("asking");
    setMessage(null);
    try {
      await apiRequest("POST", `/api/links/${encodeURIComponent(linkId)}/article/anyway`);
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
        disabled={state === "asking" || state === "waiting"}
        onClick={() => void ask()}
      >
        Show the page&apos;s text anyway
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {state === "waiting" || state === "asking" ? "Reading the page's text…" : null}
        {state === "gave-up" ? "The page did not answer. Please try again later." : null}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
