import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TrialBanner } from "@/components/billing/trial-banner";
import { ScheduledEmail } from "@/components/digest/scheduled-email";
import { AddLinkForm } from "@/components/links/add-link-form";
import { BackToday } from "@/components/links/back-today";
import { OfflineReaderSync } from "@/components/reader/offline-reader-sync";
import { SaveAnywhereCard } from "@/components/save/save-anywhere-card";
import { ReadingProgress } from "@/components/stats/reading-progress";
import { TodayLinks } from "@/components/links/today-links";
import { FeedItemsList } from "@/components/subscriptions/feed-items-list";
import { PrefilledQueries } from "@/components/prefilled-queries";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { env } from "@/lib/env";
import { trialDaysLeft } from "@/lib/billing/plans";
import { saveKey } from "@/lib/save/save-key";
import { offlineReaderOwner } from "@/lib/articles/offline-owner";
import { getCurrentUser } from "@/lib/auth/session";
import { BACK_TODAY_KEY, FEED_ITEMS_KEY } from "@/lib/client/query-keys";
import { toLinkResponse } from "@/lib/links/response";
import { listBackToday } from "@/lib/links/service";
import { listFeedItems } from "@/lib/subscriptions/feed-items";
import { toUserResponse } from "@/lib/users/response";

export const metadata: Metadata = { title: "Today's Stash" };

export default async function DashboardPage() {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");
  // One moment for the whole page; the lists hydrate with it (docs/decisions/0306).
  const now = new Date();
  const profile = toUserResponse(user, env.billingEnabled, now);
  // Without billing there are no plans: no Pro badge and no trial (docs/decisions/0304).
  const pro = env.billingEnabled && profile.accountType === "pro";
  // "Back today" is in the page's HTML, so it does not push today's links down once loaded.
  const backToday = (await listBackToday(user, now)).map(toLinkResponse);
  const feedItems = await listFeedItems(user.id, now);
  const daysLeft =
    env.billingEnabled && !pro && profile.trialEndsAt ? trialDaysLeft(new Date(profile.trialEndsAt), now) : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Today&apos;s Stash</h1>
        {pro ? <Badge>Pro Account</Badge> : null}
      </div>
      <OfflineReaderSync owner={offlineReaderOwner(user.id)} />

      {daysLeft !== null ? <TrialBanner daysLeft={daysLeft} /> : null}

      {/* One grid, in the order a phone shows it: the form, the schedule with Send Digest Now, then
          today's list (which may be long), then the save tools and the reading chart. From lg up the
          schedule, the save tools and the chart form the right column; the first row's two cards
          stretch to one height. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Add a link</CardTitle>
            <CardDescription>Stash it now and read it later in your digest.</CardDescription>
          </CardHeader>
          <CardContent>
            <AddLinkForm />
          </CardContent>
        </Card>
        <aside aria-label="Digest" className="grid min-w-0">
          <ScheduledEmail promise={profile.digest} billingEnabled={env.billingEnabled} />
        </aside>
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2 lg:row-span-2 lg:mt-2">
          <PrefilledQueries queries={[[BACK_TODAY_KEY, backToday]]}>
            <BackToday timeZone={profile.timezone} serverNow={now.getTime()} />
          </PrefilledQueries>
          <TodayLinks timeZone={profile.timezone} serverNow={now.getTime()} />
          <PrefilledQueries queries={[[FEED_ITEMS_KEY, feedItems]]}>
            <FeedItemsList />
          </PrefilledQueries>
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-start-2">
          <SaveAnywhereCard origin={env.appOrigin} saveKey={saveKey(user.id)} />
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-start-3">
          <ReadingProgress />
        </div>
      </div>
    </div>
  );
}
