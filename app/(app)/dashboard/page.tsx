import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TrialBanner } from "@/components/billing/trial-banner";
import { ScheduledEmail } from "@/components/digest/scheduled-email";
import { AddLinkForm } from "@/components/links/add-link-form";
import { SaveAnywhereCard } from "@/components/save/save-anywhere-card";
import { TodayLinks } from "@/components/links/today-links";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { env } from "@/lib/env";
import { trialDaysLeft } from "@/lib/plans";
import { scheduleSummary } from "@/lib/schedule-summary";
import { saveKey } from "@/lib/save-key";
import { getCurrentUser } from "@/lib/session";
import { toUserResponse } from "@/lib/users";

export const metadata: Metadata = { title: "Today's Stash" };

export default async function DashboardPage() {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const profile = toUserResponse(user);
  const pro = profile.accountType === "pro";
  const daysLeft = !pro && profile.trialEndsAt ? trialDaysLeft(new Date(profile.trialEndsAt), new Date()) : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Today&apos;s Stash</h1>
        {pro ? <Badge>Pro Account</Badge> : null}
      </div>

      {daysLeft !== null ? <TrialBanner daysLeft={daysLeft} billingEnabled={env.billingEnabled} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-8 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Add a link</CardTitle>
              <CardDescription>Stash it now and read it later in your digest.</CardDescription>
            </CardHeader>
            <CardContent>
              <AddLinkForm />
            </CardContent>
          </Card>
          <TodayLinks timeZone={profile.timezone} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <aside aria-label="Digest" className="min-w-0">
            <ScheduledEmail summary={scheduleSummary(profile)} />
          </aside>
          <SaveAnywhereCard origin={env.appOrigin} saveKey={saveKey(user.id)} />
        </div>
      </div>
    </div>
  );
}
