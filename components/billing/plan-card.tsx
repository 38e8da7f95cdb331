import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { EVERYTHING_INCLUDED, EVERYTHING_INCLUDED_FEATURES, EVERYTHING_INCLUDED_TITLE } from "@/lib/billing/no-billing";

/** One plan (landing page, pricing page): name, price, features and a call to action. */
export function PlanCard({
  name,
  price,
  period,
  description,
  features,
  badges,
  highlighted = false,
  action,
}: {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: readonly string[];
  badges?: ReactNode;
  highlighted?: boolean;
  action: ReactNode;
}) {
  return (
    <Card highlighted={highlighted} className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{name}</CardTitle>
          {badges ? <div className="flex flex-wrap gap-1.5">{badges}</div> : null}
        </div>
        <p className="mt-2">
          <span className="text-4xl font-bold tracking-tight">{price}</span>
          {period ? <span className="text-muted-foreground">{period}</span> : null}
        </p>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2.5 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}

/**
 * The Pro plan as both the landing page and /pricing show it; each lists the plan's features
 * (docs/product.md, "Plans and prices").
 */
export function ProPlanCard({ features, action }: { features: readonly string[]; action: ReactNode }) {
  return (
    <PlanCard
      name="Pro"
      price="$25"
      period="/year"
      description="For people who read a lot."
      features={features}
      highlighted
      badges={
        <>
          <Badge>Recommended</Badge>
          <Badge variant="success">Best Value</Badge>
        </>
      }
      action={action}
    />
  );
}

/**
 * The one offer of a server without billing, in place of Free and Pro (landing page, pricing page):
 * it has no plans, so every feature is included (docs/decisions/0304).
 */
export function EverythingIncludedCard({ action }: { action: ReactNode }) {
  return (
    <PlanCard
      name={EVERYTHING_INCLUDED_TITLE}
      price="$0"
      description={EVERYTHING_INCLUDED}
      features={EVERYTHING_INCLUDED_FEATURES}
      highlighted
      action={action}
    />
  );
}
