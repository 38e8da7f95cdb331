"use client";

import { useMutation } from "@tanstack/react-query";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { checkoutFailure, PAYMENT_ERROR, urlFrom } from "@/lib/client/checkout-messages";
import { apiRequest } from "@/lib/client/fetcher";
import { useHydrated } from "@/lib/client/use-hydrated";

/** 'Upgrade to Pro - $25/year': creates a Checkout Session on the server and goes to Stripe's page. */
export function UpgradeButton() {
  const hydrated = useHydrated();
  const checkout = useMutation({
    mutationFn: async () =>
      urlFrom(await (await apiRequest("POST", "/api/subscriptions/create-checkout-session")).json()),
    onSuccess: (url) => {
      if (url) {
        window.location.assign(url);
        return;
      }
      toast({ variant: "destructive", ...PAYMENT_ERROR });
    },
    onError: (error) => toast({ variant: "destructive", ...checkoutFailure(error) }),
  });
  // Once the url is known the browser is leaving: stay busy rather than flash the button back.
  const leaving = checkout.isSuccess && checkout.data !== null;
  const busy = checkout.isPending || leaving;

  return (
    <Button className="w-full" disabled={!hydrated || busy} onClick={() => checkout.mutate()}>
      <BusyLabel busy={busy} label="Upgrade to Pro - $25/year" busyLabel="Redirecting to checkout..." />
    </Button>
  );
}
