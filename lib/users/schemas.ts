import "@/lib/zod/setup";
import { z } from "zod";
import { ALL_FREQUENCIES } from "@/lib/billing/plans";
import { emailField, hourField, timeZoneField } from "@/lib/zod/fields";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// An account as the API takes and answers it: onboarding, the email preferences, a new address's
// confirmation, and the user.

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

// Email preferences (the Settings form and PUT /api/user/settings; docs/product.md, "Digests and
// schedule"): the request schema the route handler parses, and the form schema of the settings
// page, built from the same fields.

export const FREQUENCY_MESSAGE = "Please select an email frequency";
export const TIME_MESSAGE = "Please select a time";
export const DAY_MESSAGE = "Please select a day";
export const DAYS_MESSAGE = "Please select at least one day";
export const TIME_PREFERENCE_MESSAGE = "Please select when you want to receive your emails";

export const emailFrequencyField = z.enum(ALL_FREQUENCIES, { error: FREQUENCY_MESSAGE });

const weekdayField = z
  .number({ error: DAY_MESSAGE })
  .int({ error: DAY_MESSAGE })
  .min(0, { error: DAY_MESSAGE })
  .max(6, { error: DAY_MESSAGE });

const timeField = hourField(TIME_MESSAGE);

export const REDISCOVER_MAX = 5;
export const REDISCOVER_MESSAGE = `Choose from 0 to ${REDISCOVER_MAX} links from your stash`;
export const DIGEST_WITHOUT_NEW_LINKS_MESSAGE = "digestWithoutNewLinks must be true or false";
export const DIGEST_HIGHLIGHTS_MESSAGE = "digestHighlights must be true or false";

/**
 * What each digest brings back besides the new links (docs/product.md, "Remind me"): how many older
 * links "From your stash" (0 turns it off), and whether a day with only links coming back still sends.
 * Optional in the API: a request without them keeps what is saved.
 */
const comingBackFields = {
  rediscoverCount: z
    .number({ error: REDISCOVER_MESSAGE })
    .int({ error: REDISCOVER_MESSAGE })
    .min(0, { error: REDISCOVER_MESSAGE })
    .max(REDISCOVER_MAX, { error: REDISCOVER_MESSAGE })
    .optional()
    .meta({ description: 'Older unread links each digest brings back "From your stash", 0 to 5 (0: none).' }),
  digestWithoutNewLinks: z
    .boolean({ error: DIGEST_WITHOUT_NEW_LINKS_MESSAGE })
    .optional()
    .meta({ description: "Whether a digest day with no new links still sends when links come back." }),
  digestHighlights: z
    .boolean({ error: DIGEST_HIGHLIGHTS_MESSAGE })
    .optional()
    .meta({ description: "Whether each digest shows a few of the highlights made in the last 7 days." }),
};

/** emailHours: weekday number as a string ("0".."6") -> hour. */
const emailHoursField = z
  .record(z.string(), timeField, { error: TIME_MESSAGE })
  .refine((hours) => Object.keys(hours).every((key) => /^[0-6]$/.test(key)), { error: DAY_MESSAGE });

/** Every selected day needs its hour. */
function requireHourPerDay(
  value: { emailDays: number[]; emailHours: Record<string, number> },
  ctx: z.RefinementCtx,
): void {
  for (const day of value.emailDays) {
    if (value.emailHours[String(day)] === undefined) {
      ctx.addIssue({ code: "custom", path: ["emailHours", String(day)], message: TIME_MESSAGE });
    }
  }
}

const dailyRequest = z.object({
  email: emailField,
  emailFrequency: z.literal("daily"),
  emailTime: timeField,
  timezone: timeZoneField.optional(),
  ...comingBackFields,
});

const weeklyRequest = z
  .object({
    email: emailField,
    emailFrequency: z.literal("weekly"),
    // The API takes a weekly day as one number; a one-element array is accepted as well.
    emailDays: z.preprocess(
      (value) => (typeof value === "number" ? [value] : value),
      z.array(weekdayField, { error: DAY_MESSAGE }).length(1, { error: DAY_MESSAGE }),
    ),
    emailHours: emailHoursField,
    timezone: timeZoneField.optional(),
    ...comingBackFields,
  })
  .superRefine(requireHourPerDay);

const customRequest = z
  .object({
    email: emailField,
    emailFrequency: z.literal("custom"),
    emailDays: z
      .array(weekdayField, { error: DAYS_MESSAGE })
      .min(1, { error: DAYS_MESSAGE })
      // One stored form: distinct days in week order (the first is the weekly fallback's day).
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    emailHours: emailHoursField,
    timezone: timeZoneField.optional(),
    ...comingBackFields,
  })
  .superRefine(requireHourPerDay);

const noneRequest = z.object({
  email: emailField,
  emailFrequency: z.literal("none"),
  timezone: timeZoneField.optional(),
  ...comingBackFields,
});

export const settingsRequestSchema = z.discriminatedUnion(
  "emailFrequency",
  [dailyRequest, weeklyRequest, customRequest, noneRequest],
  { error: FREQUENCY_MESSAGE },
);

export type SettingsRequest = z.output<typeof settingsRequestSchema>;

// The form keeps every tab's choices (as the strings the selects hold) so switching tabs loses
// nothing; only the active frequency's fields are checked and sent.
export const settingsFormSchema = z
  .object({
    email: emailField,
    emailFrequency: emailFrequencyField,
    timePreference: z.enum(["today", "tomorrow"], { error: TIME_PREFERENCE_MESSAGE }),
    emailTime: z.string({ error: TIME_MESSAGE }).min(1, { error: TIME_MESSAGE }),
    weeklyDay: z.string({ error: DAY_MESSAGE }).min(1, { error: DAY_MESSAGE }),
    globalHour: z.string({ error: TIME_MESSAGE }).min(1, { error: TIME_MESSAGE }),
    selectedDays: z.array(weekdayField, { error: DAYS_MESSAGE }),
    dayHours: z.record(z.string(), z.string()),
    timezone: timeZoneField,
    rediscoverCount: z.string({ error: REDISCOVER_MESSAGE }).regex(/^[0-5]$/, { error: REDISCOVER_MESSAGE }),
    digestWithoutNewLinks: z.boolean({ error: DIGEST_WITHOUT_NEW_LINKS_MESSAGE }),
    digestHighlights: z.boolean({ error: DIGEST_HIGHLIGHTS_MESSAGE }),
  })
  .superRefine((values, ctx) => {
    if (values.emailFrequency !== "custom") return;
    if (values.selectedDays.length === 0) {
      ctx.addIssue({ code: "custom", path: ["selectedDays"], message: DAYS_MESSAGE });
    }
    for (const day of values.selectedDays) {
      if (!values.dayHours[String(day)])
        ctx.addIssue({ code: "custom", path: ["dayHours", String(day)], message: TIME_MESSAGE });
    }
  });

export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

// POST /api/user/email/confirm: the token of the confirmation link sent to a new address.

export const CONFIRMATION_TOKEN_MESSAGE = "This confirmation link is incomplete. Open the link from the email again.";

export const emailChangeConfirmSchema = z.object(
  {
    token: z
      .string({ error: CONFIRMATION_TOKEN_MESSAGE })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: CONFIRMATION_TOKEN_MESSAGE }),
  },
  { error: CONFIRMATION_TOKEN_MESSAGE },
);

export type EmailChangeConfirmRequest = z.infer<typeof emailChangeConfirmSchema>;

/** The user as GET /api/auth/user answers it (docs/product.md, "API"; with the time zone and plan dates). */
export const userAnswer = z
  .object({
    id: z.string(),
    email: z.string(),
    pendingEmail: z
      .string()
      .nullable()
      .meta({ description: "An address waiting for its confirmation; `email` stays in use until then." }),
    username: z.string().nullable(),
    accountType: z.enum(["free", "pro"]),
    inTrial: z.boolean(),
    emailFrequency: z.enum(["daily", "weekly", "custom", "none"]),
    emailTime: z.number().int().meta({ description: "The digest hour, 0-23, in `timezone`." }),
    emailDays: z.array(z.number().int()).meta({ description: "Weekdays, 0 (Sunday) to 6." }),
    emailHours: z.record(z.string(), z.number().int()).meta({ description: 'Weekday ("0"-"6") to hour.' }),
    timezone: z.string(),
    rediscoverCount: z
      .number()
      .int()
      .meta({ description: 'Older unread links each digest brings back "From your stash", 0 to 5 (0: none).' }),
    digestWithoutNewLinks: z
      .boolean()
      .meta({ description: "Whether a digest day with no new links still sends when links come back." }),
    digestHighlights: z
      .boolean()
      .meta({ description: "Whether each digest shows a few of the highlights made in the last 7 days." }),
    digest: z
      .object({ title: z.string(), text: z.string(), note: z.string().nullable() })
      .meta({ description: "What the plan actually sends, in words." }),
    onboarded: z.boolean(),
    createdAt: timestamp,
    trialEndsAt: nullableTimestamp,
    proUntil: nullableTimestamp,
    referralMonthsEarned: z.number().int(),
  })
  .meta({ id: "User" });

export const authCheckAnswer = z.object({ isAuthenticated: z.boolean() });

export const onboardedAnswer = z.object({ success: z.literal(true), pendingEmail: z.string().nullable() });
