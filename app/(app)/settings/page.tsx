import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ImportExportCard } from "@/components/import/import-export-card";
import { PrefilledQueries } from "@/components/prefilled-queries";
import { AccountInformation } from "@/components/settings/account-information";
import {
  LazyApiTokens,
  LazyAppPasswords,
  LazyFeedSubscriptions,
  LazyKindleSettings,
  LazyPrivateFeeds,
  LazyManageCategories,
  LazyOfflineReading,
  LazySaveByEmail,
} from "@/components/settings/cards-after-page";
import { EmailPreferencesForm } from "@/components/settings/email-preferences-form";
import { SettingsJumpList, SettingsSection, type SettingsSectionSpec } from "@/components/settings/settings-section";
import { listApiTokens, toApiTokenResponse } from "@/lib/auth/api-tokens";
import { listCategories, toCategoryResponse } from "@/lib/categories/service";
import { API_TOKENS_KEY, CATEGORIES_KEY, SAVE_ADDRESS_KEY, USER_KEY } from "@/lib/client/query-keys";
import { env } from "@/lib/env";
import { offlineReaderOwner } from "@/lib/articles/offline-owner";
import { entitlements } from "@/lib/billing/plans";
import { saveAddressOf } from "@/lib/inbound-mail/save-address";
import { getCurrentUser } from "@/lib/auth/session";
import { memberSinceLabel } from "@/lib/users/member-since";
import { toUserResponse } from "@/lib/users/response";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  // The layout guards this page too, but layouts and pages render in parallel.
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const now = new Date();
  const plan = entitlements(user, now, env.billingEnabled);
  const categories = (await listCategories(user)).map(toCategoryResponse);
  const apiTokens = (await listApiTokens(user)).map(toApiTokenResponse);
  // Save by email shows only where the operator set it up (an inbound email domain).
  const saveAddress = env.inboundEmailDomain ? await saveAddressOf(user) : null;

  const sections: SettingsSectionSpec[] = [
    {
      id: "email-preferences",
      title: "Email Preferences",
      description: "Choose where and when your digest of saved links arrives.",
      content: <EmailPreferencesForm frequencies={plan.frequencies} />,
    },
    {
      id: "categories",
      title: "Manage Categories",
      description: "Organise your links with the default categories and your own.",
      content: <LazyManageCategories />,
    },
    {
      id: "import",
      title: "Import and export",
      description: "Bring your links from Pocket, Instapaper or your browser, or download all of yours.",
      content: <ImportExportCard />,
    },
    {
      id: "subscriptions",
      title: "Feed subscriptions",
      description: "Follow other sites' feeds: their new posts are saved to your stash or listed in your digest.",
      content: <LazyFeedSubscriptions />,
    },
    ...(saveAddress
      ? [
          {
            id: "save-by-email",
            title: "Save by email",
            description: "Save links from your mailbox: send or forward mail to your own address.",
            content: <LazySaveByEmail accountEmail={user.email} />,
          },
        ]
      : []),
    {
      id: "kindle",
      title: "Send to Kindle",
      description: "Read your links on a Kindle: LinkStash mails them as a book.",
      content: <LazyKindleSettings />,
    },
    {
      id: "offline",
      title: "Offline reading",
      description:
        "The installed app keeps your newest unread articles, with their images, to read without a connection.",
      content: <LazyOfflineReading owner={offlineReaderOwner(user.id)} />,
    },
    {
      id: "api-tokens",
      title: "API tokens",
      description: (
        <>
          Let scripts and browser extensions save links for you with <code>Authorization: Bearer</code>. Treat a token
          like a password. The{" "}
          <a href="/docs/api" className="font-medium text-primary underline underline-offset-4">
            API reference
          </a>{" "}
          lists what a token can do.
        </>
      ),
      content: <LazyApiTokens timeZone={user.timezone} />,
    },
    {
      id: "apps",
      title: "Apps",
      description:
        "Read and save with the apps you already have: KOReader on your e-reader, the wallabag apps on your phone, wallabagger in your browser. Each gets its own app password, which you can revoke.",
      content: <LazyAppPasswords timeZone={user.timezone} />,
    },
    {
      id: "feeds",
      title: "Feeds",
      description:
        "Follow your unread links, your Favorites or a category in any feed reader. Each address is private: anyone who has it can read that feed.",
      content: <LazyPrivateFeeds />,
    },
    {
      id: "account",
      title: "Account Information",
      content: (
        <AccountInformation
          email={user.email}
          username={user.username}
          memberSince={memberSinceLabel(user.createdAt, user.timezone)}
          canManageBilling={env.billingEnabled && user.stripeSubscriptionId !== null}
          everythingIncluded={!env.billingEnabled}
        />
      ),
    },
  ];

  return (
    <PrefilledQueries
      queries={[
        [USER_KEY, toUserResponse(user, env.billingEnabled, now)],
        [CATEGORIES_KEY, categories],
        [API_TOKENS_KEY, apiTokens],
        ...(saveAddress ? [[SAVE_ADDRESS_KEY, saveAddress] as const] : []),
      ]}
    >
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
          <p className="text-muted-foreground">Manage your email preferences, categories and account.</p>
        </div>

        <SettingsJumpList sections={sections} />
        {sections.map((section) => (
          <SettingsSection key={section.id} section={section} />
        ))}
      </div>
    </PrefilledQueries>
  );
}
