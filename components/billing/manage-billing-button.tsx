"use client";

import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useRedirectingPost } from "@/lib/client/use-redirecting-post";

const FAILED = "Could not open billing management. Please try again.";

/** Opens Stripe's billing portal (payment method, invoices, cancellation); it returns to Settings. */
export function ManageBillingButton() {
  const hydrated = useHydrated();
  const portal = useRedirectingPost("/api/billing/portal", (error) =>
    toast({ variant: "destructive", title: "Error", description: serverMessage(error, FAILED) }),
  );
  return (
    <Button variant="outline" disabled={!hydrated || portal.busy} onClick={portal.run}>
      {portal.busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      Manage billing
    </Button>
  );
}
