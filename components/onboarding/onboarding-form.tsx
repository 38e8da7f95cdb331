"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { BusyLabel } from "@/components/ui/busy-label";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailFormField } from "@/components/ui/email-form-field";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import { formatHour12 } from "@/lib/digests/schedule";
import { SITE_NAME } from "@/lib/site";
import {
  adjustHourForPreference,
  TODAY_HOURS,
  TOMORROW_HOURS,
  type OnboardingPreference as Preference,
} from "@/lib/users/onboarding-hours";
import type { OnboardFormOutput, OnboardFormValues, OnboardRequest } from "@/lib/users/schemas";

// The schema, and zod with it, loads with the form's first focus or validation, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/users/schemas").then((module) => module.onboardFormSchema));

const PREFERENCES: { value: Preference; label: string }[] = [
  { value: "today", label: "Today (evening)" },
  { value: "tomorrow", label: "Tomorrow (early morning)" },
];

const HINTS: Record<Preference, string> = {
  today: "You'll receive today's links this evening.",
  tomorrow: "You'll receive today's links early tomorrow morning.",
};

function isPreference(value: string): value is Preference {
  return value === "today" || value === "tomorrow";
}

export function OnboardingForm({ defaultEmail, returnTo }: { defaultEmail: string; returnTo: string }) {
  const router = useRouter();
  const form = useForm<OnboardFormValues, unknown, OnboardFormOutput>({
    resolver,
    defaultValues: { email: defaultEmail, timePreference: "today", emailTime: "20" },
  });

  const onboard = useMutation({
    mutationFn: (body: OnboardRequest) => apiRequest("POST", "/api/user/onboard", body),
    onSuccess: (_, body) => {
      // Another address than the sign-in one only takes effect once confirmed from the link sent to it.
      toast({
        title: `Welcome to ${SITE_NAME}`,
        description:
          body.email === defaultEmail
            ? "Your digest is set up."
            : `Your digest is set up. Check your inbox: we sent a link to ${body.email} to confirm that address.`,
      });
      router.push(returnTo);
      // The header and the signed-in layout read the user on the server: render them afresh.
      router.refresh();
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Onboarding failed",
        description: serverMessage(error, "An error occurred during the onboarding process."),
      });
    },
  });

  const preference = useWatch({ control: form.control, name: "timePreference" });
  const hours = preference === "tomorrow" ? TOMORROW_HOURS : TODAY_HOURS;

  const onSubmit = form.handleSubmit((values) => {
    onboard.mutate({
      email: values.email,
      emailTime: Number(values.emailTime),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-6">
        <EmailFormField control={form.control} name="email" description="Your digests are sent to this address." />

        <FormField
          control={form.control}
          name="timePreference"
          render={({ field }) => (
            <FormItem>
              <FormLabel>When do you want to receive your daily digest?</FormLabel>
              <FormControl>
                <RadioGroup
                  name={field.name}
                  value={field.value}
                  onValueChange={(value) => {
                    if (!isPreference(value)) return;
                    field.onChange(value);
                    const adjusted = adjustHourForPreference(value, Number(form.getValues("emailTime")));
                    form.setValue("emailTime", String(adjusted), { shouldValidate: form.formState.isSubmitted });
                  }}
                >
                  {PREFERENCES.map((option) => (
                    <div key={option.value} className="flex items-center gap-3">
                      <RadioGroupItem value={option.value} id={`timePreference-${option.value}`} />
                      <Label htmlFor={`timePreference-${option.value}`} weight="normal">
                        {option.label}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              </FormControl>
              <FormDescription>{HINTS[preference]}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="emailTime"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Delivery time</FormLabel>
              <FormControl>
                <NativeSelect
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  placeholder="Select a time"
                >
                  {hours.map((hour) => (
                    <option key={hour} value={String(hour)}>
                      {formatHour12(hour)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <SubmitButton size="lg" disabled={onboard.isPending}>
          <BusyLabel busy={onboard.isPending} label="Complete Setup" busyLabel="Setting up..." />
        </SubmitButton>
      </form>
    </Form>
  );
}
