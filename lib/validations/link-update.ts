import "@/lib/validations/zod-setup";
import { z } from "zod";
import { parseDayKey } from "@/lib/links/reminder-days";

// PATCH /api/links/{id}: any of read, remindOn and archived (docs/product.md, "Remind me"). Whether
// a reminder day is today or later depends on the owner's time zone: lib/links/service.ts checks it.

export const READ_REQUIRED_MESSAGE = "read must be true or false";
export const ARCHIVED_REQUIRED_MESSAGE = "archived must be true or false";
export const REMIND_ON_FORMAT_MESSAGE = 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder';
export const LINK_UPDATE_REQUIRED_MESSAGE =
  "Send read (true or false), remindOn (a date or null) or archived (true or false)";
export const REMINDER_CONFLICT_MESSAGE =
  "A reminder is for an unread link kept in your stash: it cannot be set while marking the link read or archiving it";

export const notACalendarDayMessage = (value: string) => `remindOn ${value} is not a day on the calendar`;

const remindOnField = z
  .string({ error: REMIND_ON_FORMAT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: REMIND_ON_FORMAT_MESSAGE })
  .refine((value) => parseDayKey(value) !== null, { error: (issue) => notACalendarDayMessage(String(issue.input)) })
  .nullable()
  .meta({
    description:
      "The day the link comes back, in the owner's time zone: today or later, at most 5 years ahead. null removes the reminder.",
    examples: ["2026-12-05"],
  });

export const linkUpdateSchema = z
  .object(
    {
      read: z.boolean({ error: READ_REQUIRED_MESSAGE }).optional().meta({
        description: "true marks the link read (keeping the first read time, removing its reminder); false unread.",
      }),
      remindOn: remindOnField.optional(),
      archived: z.boolean({ error: ARCHIVED_REQUIRED_MESSAGE }).optional().meta({
        description:
          'true sets the link aside ("Not interested": it stays in the history, its reminder removed); false brings it back.',
      }),
    },
    { error: LINK_UPDATE_REQUIRED_MESSAGE },
  )
  .refine((body) => body.read !== undefined || body.remindOn !== undefined || body.archived !== undefined, {
    error: LINK_UPDATE_REQUIRED_MESSAGE,
  })
  .refine((body) => !(typeof body.remindOn === "string" && (body.read === true || body.archived === true)), {
    error: REMINDER_CONFLICT_MESSAGE,
  })
  .meta({ id: "LinkUpdate" });

export type LinkUpdate = z.output<typeof linkUpdateSchema>;
