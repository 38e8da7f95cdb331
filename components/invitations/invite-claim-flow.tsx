"use client";

import { LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { jsonField, stringField, UnexpectedAnswerError } from "@/lib/client/json-fields";

/** A claimed invitation moves on to the dashboard after 2 seconds (docs/product.md, "Notifications and timings"). */
const CLAIM_REDIRECT_MS = 2000;

type Check = { state: "checking" } | { state: "valid" | "invalid"; message: string };
type Flow = { check: Check; claiming: boolean; claimedMessage: string | null; claim: () => void };

const FlowContext = createContext<Flow | null>(null);

function useFlow(): Flow {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error("An invitation claim's part is used outside <InviteClaimFlow>");
  return flow;
}

/**
 * The /invite/{code} screen's states: checking the code, then the `offer`
 * or `invalid`, and after a claim `claimed`, moving on to `next` after two seconds. The cards are
 * rendered on the server; their parts below read the state.
 */
export function InviteClaimFlow({
  code,
  next,
  offer,
  invalid,
  claimed,
}: {
  code: string;
  next: string;
  offer: ReactNode;
  invalid: ReactNode;
  claimed: ReactNode;
}) {
  const router = useRouter();
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [claiming, setClaiming] = useState(false);
  const [claimedMessage, setClaimedMessage] = useState<string | null>(null);
  const path = `/api/invitations/${encodeURIComponent(code)}`;

  const readCheck = useCallback(async (): Promise<Check> => {
    try {
      const body: unknown = await (await apiRequest("GET", path)).json();
      const message = stringField(body, "message") ?? "";
      return { state: jsonField(body, "valid") === true ? "valid" : "invalid", message };
    } catch {
      return { state: "invalid", message: "" };
    }
  }, [path]);

  useEffect(() => {
    let current = true;
    void readCheck().then((next) => current && setCheck(next));
    return () => {
      current = false;
    };
  }, [readCheck]);

  const claim = async () => {
    setClaiming(true);
    try {
      const message = stringField(await (await apiRequest("POST", `${path}/claim`)).json(), "message");
      if (message === undefined) throw new UnexpectedAnswerError("invitation claimed");
      setClaimedMessage(message);
      // The plan changed: pages prefetched before the claim (the header's) would show the old one.
      router.refresh();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Failed to claim invitation",
        description: serverMessage(error, "Please try again later."),
      });
      // Someone else may have claimed it meanwhile: show the code as it is now.
      setCheck(await readCheck());
    }
    setClaiming(false);
  };

  const claimedNow = claimedMessage !== null;
  useEffect(() => {
    if (!claimedNow) return;
    router.prefetch(next);
    const timer = setTimeout(() => router.push(next), CLAIM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [claimedNow, router, next]);

  let shown: ReactNode;
  if (claimedNow) shown = claimed;
  else if (check.state === "checking")
    shown = (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        Checking invitation...
      </p>
    );
  else shown = check.state === "valid" ? offer : invalid;

  return (
    <FlowContext.Provider value={{ check, claiming, claimedMessage, claim: () => void claim() }}>
      {shown}
    </FlowContext.Provider>
  );
}

/** The server's word on the code, or `fallback` when it gave none. */
export function InvitationMessage({ fallback = "" }: { fallback?: string }) {
  const { check } = useFlow();
  return (check.state === "checking" ? "" : check.message) || fallback;
}

/** What the claim answered, then `after` ("Taking you to your dashboard..."). */
export function ClaimedMessage({ after }: { after: string }) {
  return `${useFlow().claimedMessage ?? ""} ${after}`;
}

/** 'Claim 1 Month Pro Access' (or without billing 'Accept Invitation'); its classes come from the server. */
export function ClaimButton({ className, label }: { className: string; label: string }) {
  const { claiming, claim } = useFlow();
  return (
    <button type="button" className={className} disabled={claiming} onClick={claim}>
      <BusyLabel busy={claiming} label={label} busyLabel="Claiming..." />
    </button>
  );
}
