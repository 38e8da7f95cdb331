"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { refreshLinkLists } from "@/components/links/link-queries";
import { CategorySelect, chosenCategory } from "@/components/subscriptions/category-select";
import { showSubscription } from "@/components/subscriptions/subscription-queries";
import { BusyLabel } from "@/components/ui/busy-label";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/use-toast";
import { DEFAULT_CATEGORY } from "@/lib/categories/rules";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import type { SubscribeInput, SubscribePayload, SubscriptionResponse } from "@/lib/subscriptions/schemas";
import {
  INTO_LABELS,
  isInto,
  SUBSCRIPTION_INTO,
  type SubscriptionInto,
  subscribedWords,
} from "@/lib/subscriptions/subscription-words";
import type { ResolverResult, ResolverSuccess } from "react-hook-form";

// The schema /api/feeds parses with, loaded (with zod) at the form's first focus, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/subscriptions/schemas").then((module) => module.subscribeSchema));

type Values = { url: string; category: string; into: SubscriptionInto };

const EMPTY_FORM: Values = { url: "", category: DEFAULT_CATEGORY, into: "stash" };

const succeeded = (
  result: ResolverResult<SubscribeInput, SubscribePayload>,
): result is ResolverSuccess<SubscribePayload> => Object.keys(result.errors).length === 0;

/** The schema's verdict: the payload, or the first message it has (the address is the only free text). */
async function validate(values: Values): Promise<{ payload: SubscribePayload } | { error: string }> {
  const input: SubscribeInput = { url: values.url, category: chosenCategory(values.category), into: values.into };
  const result = await resolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
  if (succeeded(result)) return { payload: result.values };
  const { errors } = result;
  return {
    error: errors.url?.message ?? errors.category?.message ?? errors.into?.message ?? "Check the feed's address.",
  };
}

/**
 * Settings → Feed subscriptions' *Add feed*: a feed's or a site's address, the category its links are
 * filed in and where its items go. A refusal, the schema's or the server's (not a feed, too many
 * tries), shows under the address and is read out at once.
 */
export function SubscribeForm({ labelledBy }: { labelledBy: string }) {
  const ids = { url: useId(), category: useId(), into: useId(), error: useId() };
  const urlRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY_FORM);
  const [error, setError] = useState("");

  const subscribe = useMutation({
    mutationFn: async (payload: SubscribePayload) => {
      const res = await apiRequest("POST", "/api/feeds", payload);
      const subscription: SubscriptionResponse = await res.json();
      return { subscription, created: res.status === 201 };
    },
    onSuccess: async ({ subscription, created }) => {
      showSubscription(queryClient, subscription);
      // 200: subscribed before; nothing new came in.
      toast(
        created
          ? subscribedWords(subscription.title, subscription.into)
          : { title: "Already subscribed", description: `You already follow ${subscription.title}.` },
      );
      setValues(EMPTY_FORM);
      setError("");
      urlRef.current?.focus();
      if (created && subscription.into === "stash") await refreshLinkLists(queryClient);
    },
    onError: (failure) => {
      setError(serverMessage(failure, "The feed could not be added. Please try again."));
      urlRef.current?.focus();
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const verdict = await validate(values);
    if ("error" in verdict) {
      setError(verdict.error);
      urlRef.current?.focus();
      return;
    }
    setError("");
    subscribe.mutate(verdict.payload);
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={resolver.preload}
      noValidate
      aria-labelledby={labelledBy}
      className="grid gap-4"
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.url}>A feed&apos;s or a site&apos;s address</Label>
        <Input
          ref={urlRef}
          id={ids.url}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com/feed.xml"
          value={values.url}
          onChange={(event) => setValues({ ...values, url: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        {/* role="alert": a refusal is read out as it appears, wherever focus is. */}
        <p id={ids.error} role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {error}
        </p>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.category}>Category</Label>
        <CategorySelect
          id={ids.category}
          name="category"
          value={values.category}
          onValueChange={(category) => setValues({ ...values, category })}
        />
      </div>

      <div className="grid gap-2">
        <span id={ids.into} className="text-sm font-medium leading-snug">
          Where new items go
        </span>
        <RadioGroup
          name="into"
          aria-labelledby={ids.into}
          value={values.into}
          onValueChange={(into) => {
            if (isInto(into)) setValues({ ...values, into });
          }}
        >
          {SUBSCRIPTION_INTO.map((into) => (
            <div key={into} className="flex items-center gap-3">
              <RadioGroupItem value={into} id={`${ids.into}-${into}`} />
              <Label htmlFor={`${ids.into}-${into}`} weight="normal">
                {INTO_LABELS[into]}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </div>

      <SubmitButton className="w-full sm:w-fit" disabled={subscribe.isPending}>
        <BusyLabel busy={subscribe.isPending} label="Add feed" busyLabel="Adding..." />
      </SubmitButton>
    </form>
  );
}
