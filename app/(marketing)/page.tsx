import { History, Mail, Zap } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LOGIN_HREF } from "@/components/layout/nav-links";
import { EverythingIncludedCard, PlanCard, ProPlanCard } from "@/components/billing/plan-card";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/session";
import { EVERYTHING_INCLUDED_SUBTITLE } from "@/lib/billing/no-billing";
import { env } from "@/lib/env";
import { SITE_TAGLINE } from "@/lib/site";

const FEATURES = [
  {
    icon: Zap,
    title: "Quick Stash",
    description: "Save any link in seconds, with an optional note and up to 3 categories so it is easy to find again.",
  },
  {
    icon: Mail,
    title: "Daily Email",
    description: "Your saved links arrive in one tidy digest email, at the time you choose.",
  },
  {
    icon: History,
    title: "Link History",
    description: "Browse everything you have ever saved, grouped by day and filtered by category.",
  },
] as const;

const FREE_FEATURES = [
  "2 weeks of full-access trial",
  "Then 1 link per day",
  "Weekly email digests",
  "Basic organisation",
  "2 invitations",
  "One extra manual digest per day",
] as const;

const PRO_FEATURES = [
  "Unlimited links per day",
  "Daily digests",
  "Custom schedules",
  "Advanced organisation",
  "Unlimited manual digests",
  "Renewable invitations",
  "Priority support",
] as const;

export default async function LandingPage() {
  if (await getCurrentUser()) redirect("/dashboard");

  return (
    <>
      <section aria-labelledby="hero-title" className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {SITE_TAGLINE}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          Save interesting links the moment you find them, then get them back in an email digest when you actually have
          time to read.
        </p>
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            <a href={LOGIN_HREF}>Get started</a>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features-title" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
            Features
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, description }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <CardTitle>{title}</CardTitle>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
          Pricing
        </h2>
        <p className="mt-3 text-center text-muted-foreground">
          {env.billingEnabled ? "Start free. Upgrade when you want more." : EVERYTHING_INCLUDED_SUBTITLE}
        </p>
        {/* Without billing there are no plans to compare (docs/decisions/0304). */}
        {env.billingEnabled ? (
          <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
            <PlanCard
              name="Free"
              price="$0"
              description="The essentials, free."
              features={FREE_FEATURES}
              action={
                <Button asChild variant="outline" className="w-full">
                  <a href={LOGIN_HREF}>Get Started</a>
                </Button>
              }
            />
            <ProPlanCard
              features={PRO_FEATURES}
              action={
                <Button asChild className="w-full">
                  <Link href="/pricing">Upgrade Now</Link>
                </Button>
              }
            />
          </div>
        ) : (
          <div className="mx-auto mt-10 grid max-w-md">
            <EverythingIncludedCard
              action={
                <Button asChild className="w-full">
                  <a href={LOGIN_HREF}>Get Started</a>
                </Button>
              }
            />
          </div>
        )}
      </section>
    </>
  );
}
