import "@/lib/validations/zod-setup";
import { z } from "zod";
import { CURSOR_LENGTH, OFFLINE_KEEP_MAX, OFFLINE_KEEP_MIN } from "@/lib/offline/sync-limits";

export { OFFLINE_KEEP_MAX, OFFLINE_KEEP_MIN };

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
