import type { Metadata } from "next";
import { Suspense } from "react";
import { CheckoutReturn } from "@/components/billing/checkout-return";
import { FeatureStrip } from "@/components/billing/feature-strip";
import { PricingPlans, type PricingViewer } from "@/components/billing/pricing-plans";
import { buttonVariants } from "@/components/ui/button";
import { env } from "@/lib/env";
import { entitlements, trialDaysLeft } from "@/lib/billing/plans";
import { getCurrentUser } from "@/lib/auth/session";
import { EVERYTHING_INCLUDED_SUBTITLE } from "@/lib/billing/no-billing";

export const metadata: Metadata = { title: "Pricing" };

export default async function PricingPage() {
  const user = await getCurrentUser();
  const now = new Date();
  let viewer: PricingViewer = { signedIn: false };
  if (user) {
    const plan = entitlements(user, now, env.billingEnabled);
    viewer = {
      signedIn: true,
      pro: plan.accountType === "pro",
      trialDaysLeft: plan.inTrial && user.trialEndsAt ? trialDaysLeft(user.trialEndsAt, now) : null,
    };
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16">
      <Suspense fallback={null}>
        <CheckoutReturn dashboardLinkClassName={buttonVariants()} />
      </Suspense>
      <div className="grid gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
        <p className="text-muted-foreground">
          {env.billingEnabled ? "Start free. Upgrade when you want more." : EVERYTHING_INCLUDED_SUBTITLE}
        </p>
      </div>
      {/* The plan cards' titles are h3, as on the landing page: this keeps the outline unbroken. */}
      <h2 className="sr-only">Plans</h2>
      <PricingPlans viewer={viewer} billingEnabled={env.billingEnabled} />
      <FeatureStrip billingEnabled={env.billingEnabled} />
    </div>
  );
}
