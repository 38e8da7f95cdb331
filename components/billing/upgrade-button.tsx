"use client";

import { BusyLabel } from "@/components/ui/busy-label";
import { toast } from "@/components/ui/use-toast";
import { checkoutFailure, PAYMENT_ERROR } from "@/lib/client/checkout-messages";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useRedirectingPost } from "@/lib/client/use-redirecting-post";

/**
 * 'Upgrade to Pro - $25/year': creates a Checkout Session on the server and goes to Stripe's page.
 * Its classes come from the server (`buttonVariants`), so the pricing page loads no class merging.
 */
export function UpgradeButton({ className }: { className: string }) {
  const hydrated = useHydrated();
  const checkout = useRedirectingPost("/api/subscriptions/create-checkout-session", (error) =>
    toast({ variant: "destructive", ...(error === null ? PAYMENT_ERROR : checkoutFailure(error)) }),
  );
  return (
    <button type="button" className={className} disabled={!hydrated || checkout.busy} onClick={checkout.run}>
      <BusyLabel busy={checkout.busy} label="Upgrade to Pro - $25/year" busyLabel="Redirecting to checkout..." />
    </button>
  );
}
