import "@/lib/zod/setup";
import { z } from "zod";
import { CURSOR_LENGTH, OFFLINE_KEEP_MAX, OFFLINE_KEEP_MIN } from "@/lib/offline/sync-limits";

const KEEP_MESSAGE = `keep must be a number from ${OFFLINE_KEEP_MIN} to ${OFFLINE_KEEP_MAX}`;

// GET /api/links/offline?keep=&since=: the changes to the newest unread links a device keeps.
export const offlineSyncQuerySchema = z.object({
  keep: z.coerce
    .number({ error: KEEP_MESSAGE })
    .int({ error: KEEP_MESSAGE })
    .min(OFFLINE_KEEP_MIN, { error: KEEP_MESSAGE })
    .max(OFFLINE_KEEP_MAX, { error: KEEP_MESSAGE })
    .default(OFFLINE_KEEP_MIN),
  since: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${CURSOR_LENGTH}}$`), { error: "since must be a cursor from an earlier answer" })
    .optional(),
});

export type OfflineSyncQuery = z.output<typeof offlineSyncQuerySchema>;

// Its answer: the cursor, and the buckets that changed since the one sent.
export const offlineSyncAnswer = z
  .object({
    keep: z.number().int().meta({ description: "How many of the newest unread links are kept." }),
    total: z.number().int().meta({ description: "How many there are (at most `keep`)." }),
    cursor: z.string().meta({
      description:
        "Send it as `since` next time. One hash per bucket (32 of 6 characters); a device may replace a bucket's hash with `------` to be sent that bucket again.",
    }),
    buckets: z
      .array(
        z.object({
          bucket: z.number().int().min(0).max(31),
          links: z.array(
            z.object({ id: z.string(), title: z.string(), savedAt: z.iso.datetime(), version: z.string() }),
          ),
        }),
      )
      .meta({
        description:
          "The buckets whose links differ from the cursor's, each with all its links, newest first: a link the device holds in such a bucket and not listed is no longer kept.",
      }),
  })
  .meta({ id: "OfflineSync" });

export type OfflineSyncAnswer = z.output<typeof offlineSyncAnswer>;
