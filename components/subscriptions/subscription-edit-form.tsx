"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { CategorySelect, categoryChoice, chosenCategory } from "@/components/subscriptions/category-select";
import { showSubscription } from "@/components/subscriptions/subscription-queries";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import type { SubscriptionResponse } from "@/lib/subscriptions/schemas";
import type { SubscriptionInto } from "@/lib/subscriptions/subscription-words";
import { SUBSCRIPTION_INTO, INTO_LABELS, isInto } from "@/lib/subscriptions/subscription-words";

/**
 * A subscription's *Change*: its category and where its new items go, saved together (PATCH). Items
 * already delivered stay where they are. A refusal shows in the form, which stays open.
 */
export function SubscriptionEditForm({
  subscription,
  onSaved,
  onCancel,
}: {
  subscription: SubscriptionResponse;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const ids = { category: useId(), into: useId() };
  const [error, setError] = useState("");
  const queryClient = useQueryClient();
  const [category, setCategory] = useState(categoryChoice(subscription.category));
  const [into, setInto] = useState<SubscriptionInto>(subscription.into);

  const save = useMutation({
    mutationFn: async () => {
      const res = await apiRequest("PATCH", `/api/feeds/${encodeURIComponent(subscription.id)}`, {
        category: chosenCategory(category),
        into,
      });
      const changed: SubscriptionResponse = await res.json();
      return changed;
    },
    onSuccess: (changed) => {
      showSubscription(queryClient, changed);
      onSaved();
    },
    onError: (failure) => setError(serverMessage(failure, "The change could not be saved. Please try again.")),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label={`Change ${subscription.title}`}
      className="grid gap-3 rounded-md bg-muted/50 p-3"
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.category}>Category</Label>
        <CategorySelect id={ids.category} value={category} onValueChange={setCategory} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.into}>Where new items go</Label>
        <NativeSelect
          id={ids.into}
          value={into}
          onChange={(event) => {
            if (isInto(event.target.value)) setInto(event.target.value);
          }}
        >
          {SUBSCRIPTION_INTO.map((choice) => (
            <option key={choice} value={choice}>
              {INTO_LABELS[choice]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
