"use client";

import { useState } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { toast } from "@/components/ui/use-toast";
import { checkoutFailure, PAYMENT_ERROR, urlFrom } from "@/lib/client/checkout-messages";
import { apiRequest } from "@/lib/client/fetcher";
import { useHydrated } from "@/lib/client/use-hydrated";

/**
 * 'Upgrade to Pro - $25/year': creates a Checkout Session on the server and goes to Stripe's page.
 * Its classes come from the server (`buttonVariants`), so the pricing page loads no class merging.
 */
export function UpgradeButton({ className }: { className: string }) {
  const hydrated = useHydrated();
  // Once the url is known the browser is leaving: it stays busy rather than flash the button back.
  const [busy, setBusy] = useState(false);

  const checkout = async () => {
    setBusy(true);
    try {
      const url = urlFrom(await (await apiRequest("POST", "/api/subscriptions/create-checkout-session")).json());
      if (url) return window.location.assign(url);
      toast({ variant: "destructive", ...PAYMENT_ERROR });
    } catch (error) {
      toast({ variant: "destructive", ...checkoutFailure(error) });
    }
    setBusy(false);
  };

  return (
    <button type="button" className={className} disabled={!hydrated || busy} onClick={() => void checkout()}>
      <BusyLabel busy={busy} label="Upgrade to Pro - $25/year" busyLabel="Redirecting to checkout..." />
    </button>
  );
}
