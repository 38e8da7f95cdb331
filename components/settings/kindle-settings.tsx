"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { KINDLE_KEY } from "@/lib/client/query-keys";

export type KindleSettingsItem = { kindleEmail: string | null; kindleWithDigest: boolean; from: string };

/**
 * Settings → Send to Kindle: the user's Kindle address, whether each digest's links go there as a
 * book, and the address books come from, which the user must approve at Amazon.
 */
export function KindleSettings() {
  const queryClient = useQueryClient();
  const current = useQuery<KindleSettingsItem>({ queryKey: KINDLE_KEY }).data;
  const [address, setAddress] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");

  const save = useMutation({
    mutationFn: async (input: { kindleEmail: string; kindleWithDigest: boolean }) => {
      const saved: KindleSettingsItem = await (await apiRequest("PUT", "/api/user/kindle", input)).json();
      queryClient.setQueryData(KINDLE_KEY, saved);
      return saved;
    },
    onSuccess: (saved) => {
      setError("");
      setAddress(null);
      setMessage(
        saved.kindleEmail
          ? `Books will go to ${saved.kindleEmail}${saved.kindleWithDigest ? ", with each digest too" : ""}.`
          : "Your Kindle address is removed.",
      );
    },
    onError: (failure) => {
      setMessage("");
      setError(serverMessage(failure, "Your Kindle address could not be saved. Please try again."));
    },
  });

  if (!current) return null;
  const value = address ?? current.kindleEmail ?? "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ kindleEmail: value.trim(), kindleWithDigest: current.kindleWithDigest });
  };
  return (
    <div className="grid gap-5">
      <form className="grid gap-2" onSubmit={submit} noValidate>
        <Label htmlFor="kindle-email">Your Send to Kindle address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="kindle-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="name@kindle.com"
            value={value}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="kindle-email-help kindle-email-error"
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
        <p id="kindle-email-error" className="text-sm text-destructive empty:hidden">
          {error}
        </p>
        <p id="kindle-email-help" className="text-sm text-muted-foreground">
          Amazon only delivers mail from senders you approve: add{" "}
          <span className="break-all font-mono" data-testid="kindle-sender">
            {current.from}
          </span>{" "}
          to your Approved Personal Document E-mail List (Amazon → Manage Your Content and Devices → Preferences →
          Personal Document Settings). This sender is yours alone: approve exactly this address, not the whole domain,
          so nobody else&apos;s books can reach your Kindle. Leave the address empty to stop sending.
        </p>
      </form>

      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Checkbox
            id="kindle-with-digest"
            checked={current.kindleWithDigest}
            disabled={save.isPending || !current.kindleEmail}
            onCheckedChange={(checked) =>
              current.kindleEmail &&
              save.mutate({ kindleEmail: current.kindleEmail, kindleWithDigest: checked === true })
            }
            aria-describedby="kindle-with-digest-help"
          />
          <Label htmlFor="kindle-with-digest" className="font-normal">
            Send each digest&apos;s links to my Kindle
          </Label>
        </div>
        <p id="kindle-with-digest-help" className="text-sm text-muted-foreground">
          A book of the digest&apos;s new links arrives on your Kindle when the digest is sent.
        </p>
      </div>

      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>
    </div>
  );
}
