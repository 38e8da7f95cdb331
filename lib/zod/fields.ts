import "@/lib/zod/setup";
import { z } from "zod";
import { isValidTimeZone } from "@/lib/time/time-zones";
import { EMAIL_MESSAGE } from "@/lib/zod/email-message";

// Fields the inputs and answers of several domains share.

export { EMAIL_MESSAGE };

export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_MESSAGE }).max(254, { error: EMAIL_MESSAGE }));

export const timeZoneField = z
  .string({ error: "Please select a valid time zone" })
  .max(64, { error: "Please select a valid time zone" })
  .refine(isValidTimeZone, { error: "Please select a valid time zone" });

export const hourField = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(23, { error: message });

/** A time in an answer: UTC, ISO 8601. */
export const timestamp = z.iso.datetime().meta({ description: "A time in UTC, ISO 8601." });

export const nullableTimestamp = timestamp.nullable();
