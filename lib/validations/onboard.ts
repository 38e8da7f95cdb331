import "@/lib/validations/zod-setup";
import { z } from "zod";
import { emailField, hourField, timeZoneField } from "@/lib/validations/common";

// Onboarding (SPEC §2, §5): the form picks "today (evening)" or "tomorrow (early morning)" and an
// hour; the request carries the email, the hour as an integer and the browser's time zone.

export const TODAY_HOURS = [17, 18, 19, 20, 21, 22, 23] as const;
export const TOMORROW_HOURS = [0, 1, 2, 3, 4, 5, 6] as const;

export const onboardFormSchema = z.object({
  email: emailField,
  timePreference: z.enum(["today", "tomorrow"], { error: "Please select when you want to receive your emails" }),
  emailTime: z.string({ error: "Please select a time" }).min(1, { error: "Please select a time" }),
});

export type OnboardFormValues = z.input<typeof onboardFormSchema>;

export const onboardRequestSchema = z.object({
  email: emailField,
  emailTime: hourField("Please select a time"),
  timezone: timeZoneField.optional(),
});

export type OnboardRequest = z.infer<typeof onboardRequestSchema>;

/** SPEC §5: today below 17 resets to 20; tomorrow above 6 resets to 6. */
export function adjustHourForPreference(preference: "today" | "tomorrow", hour: number): number {
  if (preference === "today" && hour < 17) return 20;
  if (preference === "tomorrow" && hour > 6) return 6;
  return hour;
}
