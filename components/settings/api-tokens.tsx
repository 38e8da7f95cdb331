"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SecretList, type SecretItem } from "@/components/settings/secret-list";
import { apiRequest } from "@/lib/client/fetcher";
import { API_TOKENS_KEY } from "@/lib/client/query-keys";

export type ApiTokenItem = SecretItem;

const WORDS = {
  noun: "token",
  nameLabel: "Token name",
  namePlaceholder: "e.g. Browser extension",
  createLabel: "Create token",
  emptyText: "No API tokens yet.",
  listLabel: "Your API tokens",
  newSecretLabel: "New API token",
  revokeDescription: (name: string) => `Scripts and extensions using "${name}" will stop working at once.`,
};

/** Settings → API tokens: create one (its secret shown once), list them, revoke one. The page prefills the list. */
export function ApiTokens({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const tokens = useQuery<ApiTokenItem[]>({ queryKey: API_TOKENS_KEY }).data ?? [];
  const setTokens = (update: (list: ApiTokenItem[]) => ApiTokenItem[]) =>
    queryClient.setQueryData<ApiTokenItem[]>(API_TOKENS_KEY, (list) => update(list ?? []));
  return (
    <SecretList
      idPrefix="api-token"
      items={tokens}
      words={WORDS}
      timeZone={timeZone}
      create={async (name) => {
        const res = await apiRequest("POST", "/api/tokens", { name });
        const created: { token: ApiTokenItem; secret: string } = await res.json();
        return { item: created.token, secret: created.secret };
      }}
      revokePath={(id) => `/api/tokens/${encodeURIComponent(id)}`}
      onCreated={(item) => setTokens((list) => [item, ...list])}
      onRevoked={(id) => setTokens((list) => list.filter((token) => token.id !== id))}
    />
  );
}
