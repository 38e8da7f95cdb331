"use client";

import { CircleCheck, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import {
  CHECKOUT_CANCELED,
  PAYMENT_SUCCESSFUL,
  readCheckoutReturn,
  SUBSCRIPTION_SUCCESSFUL,
  VERIFY_ERROR,
} from "@/lib/client/checkout-messages";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

/**
 * The return from Stripe's checkout (docs/product.md, "Plans and prices"): verifies a paid session and refreshes
 * the plan, shows 'Payment Received' without a session id, or 'Checkout canceled'; then cleans the
 * query from the URL so a reload does not repeat it. The link's classes come from the server
 * (`buttonVariants`), so the pricing page loads no class merging.
 */
export function CheckoutReturn({ dashboardLinkClassName }: { dashboardLinkClassName: string }) {
  const params = useSearchParams();
  const router = useRouter();
  // "Payment Received" (a return without a session id) stays shown after the query is cleaned.
  const [received] = useState(() => readCheckoutReturn(params)?.kind === "received");
  // A returned session is checked before anything says the payment went through.
  const [verifying, setVerifying] = useState(() => readCheckoutReturn(params)?.kind === "verify");
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const action = readCheckoutReturn(params);
    const key = params.toString();
    // Once per query: effects run twice in development, and cleaning the URL re-runs this one.
    if (!action || handled.current === key) return;
    handled.current = key;

    if (action.kind === "canceled") {
      toast(CHECKOUT_CANCELED);
      router.replace("/pricing");
      return;
    }
    if (action.kind === "received") {
      router.replace("/pricing");
      return;
    }
    void (async () => {
      try {
        await apiRequest("GET", `/api/subscriptions/verify-session?session_id=${encodeURIComponent(action.sessionId)}`);
        toast(PAYMENT_SUCCESSFUL);
        toast(SUBSCRIPTION_SUCCESSFUL);
      } catch (error) {
        toast({
          variant: "destructive",
          title: VERIFY_ERROR.title,
          description: serverMessage(error, VERIFY_ERROR.description),
        });
      }
      setVerifying(false);
      // Re-renders the plan cards from the server, with the query gone. (The page was loaded afresh
      // from Stripe's, so no query cache holds the old plan.)
      router.replace("/pricing");
      router.refresh();
    })();
  }, [params, router]);

  if (verifying) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Checking your payment...
      </p>
    );
  }
  if (!received) return null;
  return (
    <section
      aria-labelledby="payment-received-title"
      className="flex flex-col gap-4 rounded-lg border border-success/40 bg-success/10 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div className="grid gap-1">
          <h2 id="payment-received-title" className="font-semibold">
            Payment Received
          </h2>
          <p className="text-sm text-muted-foreground">
            Thank you! Your Pro plan is being activated and will be ready in a moment.
          </p>
        </div>
      </div>
      <Link href="/dashboard" className={dashboardLinkClassName}>
        Go to Dashboard
      </Link>
    </section>
  );
}
