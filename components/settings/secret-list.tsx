"use client";

import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { copyText } from "@/lib/client/copy-text";
import { serverMessage } from "@/lib/client/fetcher";
import { MAX_TOKEN_NAME_LENGTH } from "@/lib/auth/api-token-name";

// A named secret made in Settings and shown once (an API token, an app password): the form that
// creates one, the panel that shows it, and the list with a Revoke button on each. The two cards
// differ only in their words, paths and what the new secret's panel adds.

export type SecretItem = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

export type SecretListWords = {
  /** "token", "app password": in messages and button labels. */
  noun: string;
  nameLabel: string;
  namePlaceholder: string;
  createLabel: string;
  emptyText: string;
  listLabel: string;
  newSecretLabel: string;
  revokeDescription: (name: string) => string;
};

type Props = {
  /** The field's id, unique on the page. */
  idPrefix: string;
  items: SecretItem[];
  words: SecretListWords;
  timeZone: string;
  create: (name: string) => Promise<{ item: SecretItem; secret: string }>;
  revokePath: (id: string) => string;
  onCreated: (item: SecretItem) => void;
  onRevoked: (id: string) => void;
  /** More for the new secret's panel (what an app asks for beside the password). */
  aboutNewSecret?: ReactNode;
};

export function SecretList({
  idPrefix,
  items,
  words,
  timeZone,
  create,
  revokePath,
  onCreated,
  onRevoked,
  aboutNewSecret,
}: Props) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone });
  const Noun = words.noun.charAt(0).toUpperCase() + words.noun.slice(1);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage("");
    try {
      const created = await create(name);
      onCreated(created.item);
      setSecret(created.secret);
      setName("");
    } catch (error) {
      setMessage(serverMessage(error, `The ${words.noun} could not be created. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2">
        <Label htmlFor={`${idPrefix}-name`}>{words.nameLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${idPrefix}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={MAX_TOKEN_NAME_LENGTH}
            placeholder={words.namePlaceholder}
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : words.createLabel}
          </Button>
        </div>
      </form>

      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>

      {secret ? (
        <div className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 dark:bg-amber-950">
          <p className="text-sm font-medium">Copy your new {words.noun} now: it will not be shown again.</p>
          <code aria-label={words.newSecretLabel} className="break-all rounded bg-background px-2 py-1 text-sm">
            {secret}
          </code>
          {aboutNewSecret}
          <div className="flex gap-2">
            <Button variant="outline" onClick={async () => setMessage(await copyText(secret, words.noun))}>
              Copy
            </Button>
            <Button variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}

      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{words.emptyText}</p>
      ) : (
        <ul aria-label={words.listLabel} className="grid gap-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="truncate font-medium">{item.name}</span>
                <span className="text-muted-foreground">
                  <code>{item.prefix}…</code> · created {date.format(new Date(item.createdAt))} · last used{" "}
                  {item.lastUsedAt ? date.format(new Date(item.lastUsedAt)) : "never"}
                </span>
              </div>
              <ConfirmDeleteButton
                path={revokePath(item.id)}
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Revoke ${words.noun} ${item.name}`}>
                    Revoke
                  </Button>
                }
                title={`Revoke ${words.noun}?`}
                description={words.revokeDescription(item.name)}
                confirmLabel="Revoke"
                onDeleted={() => {
                  onRevoked(item.id);
                  setMessage(`${Noun} "${item.name}" revoked.`);
                }}
                onFailed={(error) =>
                  setMessage(serverMessage(error, `The ${words.noun} could not be revoked. Please try again.`))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
