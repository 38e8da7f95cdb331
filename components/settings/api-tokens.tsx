"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { copyText } from "@/lib/client/copy-text";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { API_TOKENS_KEY } from "@/lib/client/query-keys";
import { MAX_TOKEN_NAME_LENGTH } from "@/lib/auth/api-token-name";

export type ApiTokenItem = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

/** Settings → API tokens: create one (its secret shown once), list them, revoke one. The page prefills the list. */
export function ApiTokens({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const tokens = useQuery<ApiTokenItem[]>({ queryKey: API_TOKENS_KEY }).data ?? [];
  const setTokens = (update: (list: ApiTokenItem[]) => ApiTokenItem[]) =>
    queryClient.setQueryData<ApiTokenItem[]>(API_TOKENS_KEY, (list) => update(list ?? []));
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage("");
    try {
      const res = await apiRequest("POST", "/api/tokens", { name });
      const created: { token: ApiTokenItem; secret: string } = await res.json();
      setTokens((list) => [created.token, ...list]);
      setSecret(created.secret);
      setName("");
    } catch (error) {
      setMessage(serverMessage(error, "The token could not be created. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={create} className="grid gap-2">
        <Label htmlFor="api-token-name">Token name</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="api-token-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={MAX_TOKEN_NAME_LENGTH}
            placeholder="e.g. Browser extension"
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : "Create token"}
          </Button>
        </div>
      </form>

      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>

      {secret ? (
        <div className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 dark:bg-amber-950">
          <p className="text-sm font-medium">Copy your new token now: it will not be shown again.</p>
          <code aria-label="New API token" className="break-all rounded bg-background px-2 py-1 text-sm">
            {secret}
          </code>
          <div className="flex gap-2">
            <Button variant="outline" onClick={async () => setMessage(await copyText(secret, "token"))}>
              Copy
            </Button>
            <Button variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}

      {tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API tokens yet.</p>
      ) : (
        <ul aria-label="Your API tokens" className="grid gap-3">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="truncate font-medium">{token.name}</span>
                <span className="text-muted-foreground">
                  <code>{token.prefix}…</code> · created {date.format(new Date(token.createdAt))} · last used{" "}
                  {token.lastUsedAt ? date.format(new Date(token.lastUsedAt)) : "never"}
                </span>
              </div>
              <RevokeButton
                token={token}
                onRevoked={() => setTokens((list) => list.filter((t) => t.id !== token.id))}
                onMessage={setMessage}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RevokeButton({
  token,
  onRevoked,
  onMessage,
}: {
  token: ApiTokenItem;
  onRevoked: () => void;
  onMessage: (message: string) => void;
}) {
  return (
    <ConfirmDeleteButton
      path={`/api/tokens/${encodeURIComponent(token.id)}`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke token ${token.name}`}>
          Revoke
        </Button>
      }
      title="Revoke token?"
      description={`Scripts and extensions using "${token.name}" will stop working at once.`}
      confirmLabel="Revoke"
      onDeleted={() => {
        onRevoked();
        onMessage(`Token "${token.name}" revoked.`);
      }}
      onFailed={(error) => onMessage(serverMessage(error, "The token could not be revoked. Please try again."))}
    />
  );
}
