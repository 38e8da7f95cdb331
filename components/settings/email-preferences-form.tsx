"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Star } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CustomDaysField } from "@/components/settings/custom-days-field";
import { FrequencyTab } from "@/components/settings/frequency-tab";
import { HourField } from "@/components/settings/hour-field";
import { TimeZoneSelect } from "@/components/settings/time-zone-select";
import { BusyLabel } from "@/components/ui/busy-label";
import { Checkbox } from "@/components/ui/checkbox";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailFormField } from "@/components/ui/email-form-field";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import { USER_KEY } from "@/lib/client/query-keys";
import { ALL_FREQUENCIES, type EmailFrequencyName } from "@/lib/billing/plans";
import { formatHour12, WEEKDAY_NAMES } from "@/lib/digests/schedule";
import { selectedHour, settingsFormDefaults, timePreferenceFor, toSettingsRequest } from "@/lib/users/settings-form";
import type { UserResponse } from "@/lib/users/response";
import type { SettingsFormOutput, SettingsFormValues, SettingsRequest } from "@/lib/users/schemas";

// The schema, and zod with it, loads with the form's first focus or validation, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/users/schemas").then((module) => module.settingsFormSchema));

const REDISCOVER_CHOICES = [0, 1, 2, 3, 4, 5];

const TAB_LABELS: Record<EmailFrequencyName, string> = {
  daily: "Daily",
  weekly: "Weekly",
  custom: "Custom",
  none: "No Emails",
};
const PRO_REASONS: Partial<Record<EmailFrequencyName, string>> = {
  daily: "Daily digests are a Pro feature",
  custom: "Custom schedules are a Pro feature",
};

function isFrequency(value: string): value is EmailFrequencyName {
  return ALL_FREQUENCIES.some((frequency) => frequency === value);
}

type Frequencies = {
  /** The frequencies the user's plan allows, decided on the server. */
  frequencies: readonly EmailFrequencyName[];
};

/** The saved user's preferences as a form; the settings page prefills the user query. */
export function EmailPreferencesForm({ frequencies }: Frequencies) {
  const { data: user } = useQuery<UserResponse>({ queryKey: USER_KEY });
  return user ? <PreferencesForm user={user} frequencies={frequencies} /> : null;
}

function PreferencesForm({ user, frequencies }: Frequencies & { user: UserResponse }) {
  const router = useRouter();
  const queryClient = useQueryClient();

  // The form follows the saved user: after a save the refetched user resets it to what is stored.
  const values = useMemo(() => settingsFormDefaults(user, frequencies), [user, frequencies]);
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver,
    values,
  });

  const save = useMutation({
    mutationFn: async (body: SettingsRequest): Promise<UserResponse> =>
      (await apiRequest("PUT", "/api/user/settings", body)).json(),
    onSuccess: async (saved, body) => {
      // A new address only takes effect once confirmed from the link sent to it.
      const confirming =
        saved.pendingEmail !== null && saved.pendingEmail === body.email && body.email !== user.pendingEmail;
      toast({
        title: "Settings updated",
        description: confirming
          ? `Check your inbox: we sent a link to ${body.email} to confirm the new address.`
          : "Your email preferences have been saved.",
      });
      // The header and the dashboard read the user on the server; this page reads the query.
      router.refresh();
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Failed to update settings",
        description: serverMessage(error, "An error occurred while updating your settings."),
      });
    },
  });

  const dailyHour = selectedHour(useWatch({ control: form.control, name: "emailTime" }));
  const timePreference = useWatch({ control: form.control, name: "timePreference" });
  const locked = (value: EmailFrequencyName) =>
    frequencies.includes(value) ? null : (PRO_REASONS[value] ?? "A Pro feature");

  const onSubmit = form.handleSubmit((submitted) => save.mutate(toSettingsRequest(submitted)));

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-6">
        <div className="grid gap-2">
          <EmailFormField
            control={form.control}
            name="email"
            description="Your digests are sent to this address, and you sign in with it."
          />
          {user.pendingEmail ? (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <span className="font-medium">Pending:</span> we sent a confirmation link to{" "}
              <span className="break-all">{user.pendingEmail}</span>. Until it is opened, digests and sign-in use{" "}
              <span className="break-all">{user.email}</span>. Enter {user.email} again to cancel the change.
            </p>
          ) : null}
        </div>

        <FormField
          control={form.control}
          name="emailFrequency"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email frequency</FormLabel>
              <Tabs
                className="grid gap-2"
                value={field.value}
                onValueChange={(value) => {
                  if (isFrequency(value)) field.onChange(value);
                }}
              >
                <FormControl>
                  <TabsList layout="grid" className="grid-cols-2 sm:grid-cols-4">
                    {ALL_FREQUENCIES.map((value) => (
                      <FrequencyTab key={value} value={value} label={TAB_LABELS[value]} lockedReason={locked(value)} />
                    ))}
                  </TabsList>
                </FormControl>
                <FormMessage />
                {frequencies.length < ALL_FREQUENCIES.length ? (
                  <p className="text-sm text-muted-foreground">
                    <Star
                      aria-hidden="true"
                      className="mr-1 inline size-3.5 fill-amber-400 align-[-2px] text-amber-500"
                    />
                    Daily and custom schedules are Pro features.{" "}
                    <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                      View plans
                    </Link>
                  </p>
                ) : null}
                {user.digest.note ? (
                  <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                    {user.digest.note}
                  </p>
                ) : null}

                <TabsContent value="daily" className="grid gap-4">
                  <HourField
                    control={form.control}
                    name="emailTime"
                    label="Delivery time"
                    onHourChange={(value) => form.setValue("timePreference", timePreferenceFor(Number(value)))}
                    selectClassName="sm:w-56"
                    description={
                      dailyHour === undefined
                        ? "Choose when your daily digest arrives."
                        : `Today's links arrive ${timePreference} at ${formatHour12(dailyHour)}.`
                    }
                  />
                </TabsContent>

                <TabsContent value="weekly" className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    control={form.control}
                    name="weeklyDay"
                    render={({ field: dayField }) => (
                      <FormItem>
                        <FormLabel>Day</FormLabel>
                        <FormControl>
                          <NativeSelect
                            ref={dayField.ref}
                            name={dayField.name}
                            value={dayField.value}
                            onChange={(event) => dayField.onChange(event.target.value)}
                            onBlur={dayField.onBlur}
                            placeholder="Select a day"
                          >
                            {WEEKDAY_NAMES.map((name, day) => (
                              <option key={name} value={String(day)}>
                                {name}
                              </option>
                            ))}
                          </NativeSelect>
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <HourField control={form.control} name="globalHour" label="Delivery time" />
                </TabsContent>

                <TabsContent value="custom">
                  <CustomDaysField control={form.control} />
                </TabsContent>

                <TabsContent value="none">
                  <p className="rounded-md border bg-muted/50 p-4 text-sm text-muted-foreground">
                    You won&apos;t receive any automated digest emails. You can still send yourself a digest at any time
                    with Send Digest Now on the{" "}
                    <Link href="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
                      dashboard
                    </Link>
                    .
                  </p>
                </TabsContent>
              </Tabs>
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="timezone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Time zone</FormLabel>
              <FormControl>
                <TimeZoneSelect
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onValueChange={field.onChange}
                  className="sm:w-80"
                />
              </FormControl>
              <FormDescription>Delivery times, and what counts as today, follow this time zone.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="rediscoverCount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Links from your stash in each digest</FormLabel>
              <FormControl>
                <NativeSelect
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  className="sm:w-56"
                >
                  {REDISCOVER_CHOICES.map((count) => (
                    <option key={count} value={String(count)}>
                      {count === 0 ? "None" : count === 1 ? "1 older link" : `${count} older links`}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormDescription>
                Unread links you saved a while ago, a few different ones each time. Choose None to turn this off.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="digestWithoutNewLinks"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center gap-3">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormLabel weight="normal">Send a digest when links come back, even with no new links</FormLabel>
              </div>
              <FormDescription>
                Links you asked to be reminded of, and links from your stash, still arrive on days you saved nothing
                new.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="digestHighlights"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center gap-3">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormLabel weight="normal">Show my highlights from the last 7 days</FormLabel>
              </div>
              <FormDescription>
                A few passages you highlighted, with your notes, at the end of each digest.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <div>
          <SubmitButton disabled={save.isPending}>
            <BusyLabel busy={save.isPending} label="Save preferences" busyLabel="Saving..." />
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
