"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SecretList, type SecretItem } from "@/components/settings/secret-list";
import { apiRequest } from "@/lib/client/fetcher";
import { APP_PASSWORDS_KEY } from "@/lib/client/query-keys";

// Settings → Apps: what an app that speaks wallabag's protocol asks for (the server's address, a
// client id and secret, a username and a password), app passwords made, listed and revoked like
// API tokens, and where each app (wallabag's, an OPDS reader, a feed reader) asks for them.

type Connection = { serverUrl: string; clientId: string; clientSecret: string; username: string };
type AppPasswords = Connection & { appPasswords: SecretItem[] };

const WORDS = {
  noun: "app password",
  nameLabel: "App name",
  namePlaceholder: "e.g. KOReader on my Kobo",
  createLabel: "Create app password",
  emptyText: "No app passwords yet.",
  listLabel: "Your app passwords",
  newSecretLabel: "New app password",
  revokeDescription: (name: string) => `"${name}" will be signed out at once and can no longer reach your links.`,
};

function ConnectionDetails({ connection }: { connection: Connection }) {
  const rows: [string, string][] = [
    ["Server address", connection.serverUrl],
    ["Client ID", connection.clientId],
    ["Client secret", connection.clientSecret],
    ["Username", connection.username],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const appSteps = (serverUrl: string): { name: string; steps: string }[] => [
  {
    name: "KOReader (Kobo, Kindle, PocketBook, reMarkable, Android)",
    steps:
      "Search → Wallabag → Configure Wallabag server: enter the server address, client ID, client secret, username and app password. Then Synchronize articles: your unread links arrive as books; finished ones are marked read.",
  },
  {
    name: "wallabag for Android and iOS",
    steps:
      "On the app's connection screen, enter the server address, then the username and app password; where it asks for a client ID and secret, enter the two above.",
  },
  {
    name: "wallabagger (Chrome, Firefox)",
    steps:
      "In its options, enter the server address and check it, then the client ID, client secret, username and app password, and get a token. Its button then saves the page you are on.",
  },
  {
    name: "OPDS readers (KOReader's OPDS catalog, Moon+ Reader, Thorium, Calibre)",
    steps: `Add a catalog at ${serverUrl}/opds, with the username and an app password. Your unread links, Favorites and categories appear as books.`,
  },
  {
    name: "Feed readers",
    steps: "Copy an address from Feeds, below: a feed reader needs no password for it.",
  },
];

export function AppPasswordsCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const data = useQuery<AppPasswords>({ queryKey: APP_PASSWORDS_KEY }).data;
  const setItems = (update: (list: SecretItem[]) => SecretItem[]) =>
    queryClient.setQueryData<AppPasswords>(APP_PASSWORDS_KEY, (current) =>
      current ? { ...current, appPasswords: update(current.appPasswords) } : current,
    );
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <div className="grid gap-6">
      <ConnectionDetails connection={data} />
      <SecretList
        idPrefix="app-password"
        items={data.appPasswords}
        words={WORDS}
        timeZone={timeZone}
        create={async (name) => {
          const res = await apiRequest("POST", "/api/user/app-passwords", { name });
          const created: Connection & { appPassword: SecretItem; password: string } = await res.json();
          return { item: created.appPassword, secret: created.password };
        }}
        revokePath={(id) => `/api/user/app-passwords/${encodeURIComponent(id)}`}
        onCreated={(item) => setItems((list) => [item, ...list])}
        onRevoked={(id) => setItems((list) => list.filter((item) => item.id !== id))}
        aboutNewSecret={
          <p className="text-sm">Enter it in the app as the password, with the username and details above.</p>
        }
      />
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Where each app asks for them</h3>
        {appSteps(data.serverUrl).map((app) => (
          <details key={app.name} className="rounded-md border p-3 text-sm">
            <summary className="cursor-pointer font-medium">{app.name}</summary>
            <p className="mt-2 text-muted-foreground">{app.steps}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
