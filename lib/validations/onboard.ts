import "@/lib/validations/zod-setup";
import { z } from "zod";
import { emailField, hourField, timeZoneField } from "@/lib/validations/common";

// Onboarding (docs/product.md, "Digests and schedule"): the form picks "today (evening)" or
// "tomorrow (early morning)" and an hour (lib/users/onboarding-hours.ts); the request carries the
// email, the hour as an integer and the browser's time zone.

export const onboardFormSchema = z.object({
  email: emailField,
  timePreference: z.enum(["today", "tomorrow"], { error: "Please select when you want to receive your emails" }),
  emailTime: z.string({ error: "Please select a time" }).min(1, { error: "Please select a time" }),
});

export type OnboardFormValues = z.input<typeof onboardFormSchema>;
export type OnboardFormOutput = z.output<typeof onboardFormSchema>;

export const onboardRequestSchema = z.object({
  email: emailField,
  emailTime: hourField("Please select a time"),
  timezone: timeZoneField.optional(),
});

export type OnboardRequest = z.infer<typeof onboardRequestSchema>;
