"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { MessageCardError } from "@/components/ui/message-card-error";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

type Status = "idle" | "pending" | "done" | "failed";
type Action = { status: Status; error: unknown; run: () => void };

const ActionContext = createContext<Action | null>(null);

function useAction(): Action {
  const action = useContext(ActionContext);
  if (!action) throw new Error("A card action's part is used outside <CardAction>");
  return action;
}

/**
 * The one POST of a page an emailed link opens (unsubscribe, confirm an address):
 * `before` shows until it succeeds, then `after`. Both cards are rendered on the server, so what
 * the page loads is this state, its button and its messages, not the card or a query library.
 */
export function CardAction({
  url,
  body,
  before,
  after,
}: {
  url: string;
  body?: Record<string, string>;
  before: ReactNode;
  after: ReactNode;
}) {
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);

  const run = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus("pending");
    setError(null);
    apiRequest("POST", url, body)
      .then(
        () => setStatus("done"),
        (failure: unknown) => {
          setError(failure);
          setStatus("failed");
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, [url, body]);

  return (
    <ActionContext.Provider value={{ status, error, run }}>{status === "done" ? after : before}</ActionContext.Provider>
  );
}

/** The action's button; its classes come from the server (`buttonVariants`). */
export function CardActionButton({
  className,
  label,
  busyLabel,
}: {
  className: string;
  label: string;
  busyLabel: string;
}) {
  const { status, run } = useAction();
  const busy = status === "pending";
  return (
    <button type="button" className={className} disabled={busy} onClick={run}>
      <BusyLabel busy={busy} label={label} busyLabel={busyLabel} />
    </button>
  );
}

/** The failure, in the server's words when it gave some. */
export function CardActionError({ fallback }: { fallback: string }) {
  const { status, error } = useAction();
  return status === "failed" ? <MessageCardError>{serverMessage(error, fallback)}</MessageCardError> : null;
}
