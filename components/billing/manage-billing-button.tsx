"use client";

import { useMutation } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { urlFrom } from "@/lib/client/checkout-messages";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { useHydrated } from "@/lib/client/use-hydrated";

/** Opens Stripe's billing portal (payment method, invoices, cancellation); it returns to Settings. */
export function ManageBillingButton() {
  const hydrated = useHydrated();
  const portal = useMutation({
    mutationFn: async () => urlFrom(await (await apiRequest("POST", "/api/billing/portal")).json()),
    onSuccess: (url) => {
      if (url) window.location.assign(url);
      else
        toast({
          variant: "destructive",
          title: "Error",
          description: "Could not open billing management. Please try again.",
        });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: serverMessage(error, "Could not open billing management. Please try again."),
      }),
  });
  const busy = portal.isPending || (portal.isSuccess && portal.data !== null);

  return (
    <Button variant="outline" disabled={!hydrated || busy} onClick={() => portal.mutate()}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      Manage billing
    </Button>
  );
}
