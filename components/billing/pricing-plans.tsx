import Link from "next/link";
import { EverythingIncludedCard, PlanCard, ProPlanCard } from "@/components/billing/plan-card";
import { UpgradeButton } from "@/components/billing/upgrade-button";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { LOGIN_HREF } from "@/components/layout/nav-links";
import { EVERYTHING_INCLUDED_TITLE } from "@/lib/billing/no-billing";

// The pricing page's two plans and their features (docs/product.md, "Plans and prices").
const FREE_FEATURES = ["1 link per day", "Weekly digests", "Basic organisation"] as const;
const PRO_FEATURES = [
  "Unlimited links",
  "Daily digests",
  "Advanced organisation",
  "Unlimited manual digests",
  "Invite friends",
  "Priority support",
] as const;

/** Sign-in comes back here, where the visitor can then upgrade. */
export const PRICING_LOGIN_HREF = "/api/login?returnTo=/pricing";

export type PricingViewer = { signedIn: false } | { signedIn: true; pro: boolean; trialDaysLeft: number | null };

function CurrentPlanButton() {
  return (
    <Button variant="outline" className="w-full" disabled>
      Current Plan
    </Button>
  );
}

/** Without billing there is nothing to buy and no plan to be on: one card says everything is included. */
function EverythingIncluded({ viewer }: { viewer: PricingViewer }) {
  return (
    <section aria-label={EVERYTHING_INCLUDED_TITLE} className="mx-auto grid w-full max-w-md">
      <EverythingIncludedCard
        action={
          viewer.signedIn ? (
            <Button asChild className="w-full">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          ) : (
            <Button asChild className="w-full">
              <a href={LOGIN_HREF}>Sign In</a>
            </Button>
          )
        }
      />
    </section>
  );
}

export function PricingPlans({ viewer, billingEnabled }: { viewer: PricingViewer; billingEnabled: boolean }) {
  if (!billingEnabled) return <EverythingIncluded viewer={viewer} />;
  const pro = viewer.signedIn && viewer.pro;
  const trialDaysLeft = viewer.signedIn && !viewer.pro ? viewer.trialDaysLeft : null;

  const freeAction = !viewer.signedIn ? (
    <Button asChild variant="outline" className="w-full">
      <a href={PRICING_LOGIN_HREF}>Sign In</a>
    </Button>
  ) : pro ? (
    <p className="w-full text-center text-sm text-muted-foreground">Everything in Free is included in your Pro plan.</p>
  ) : (
    <CurrentPlanButton />
  );

  const proAction = pro ? (
    <CurrentPlanButton />
  ) : !viewer.signedIn ? (
    // Signed-out visitors sign in first and come back here to upgrade; a GET form keeps it a button
    // that works before (and without) JavaScript.
    <form action="/api/login" method="get" className="w-full">
      <input type="hidden" name="returnTo" value="/pricing" />
      <Button type="submit" className="w-full">
        Upgrade to Pro - $25/year
      </Button>
    </form>
  ) : (
    <UpgradeButton className={buttonVariants({ className: "w-full" })} />
  );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      <section aria-label="Free plan" className="grid">
        <PlanCard
          name="Free"
          price="$0"
          description="The essentials, free."
          features={FREE_FEATURES}
          badges={
            trialDaysLeft !== null ? (
              <Badge variant="secondary">
                Trial: {trialDaysLeft} {trialDaysLeft === 1 ? "day" : "days"} left
              </Badge>
            ) : null
          }
          action={freeAction}
        />
      </section>
      <section aria-label="Pro plan" className="grid">
        <ProPlanCard features={PRO_FEATURES} action={proAction} />
      </section>
    </div>
  );
}
