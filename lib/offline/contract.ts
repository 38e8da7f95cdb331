import "server-only";
import { defineEndpoint } from "@/lib/http/contract";
import { offlineSyncAnswer, offlineSyncQuerySchema } from "@/lib/offline/schemas";

// The links a device keeps for reading offline, as changes since its cursor.

export const offlineSyncEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/offline",
  tag: "links",
  summary: "What changed in the links kept offline",
  description:
    "The caller's newest `keep` unread links whose article is ready (50 to 500) that a device keeps for reading offline (a link whose article is not ready yet joins once it is), as changes since the device's cursor `since`: only the buckets that differ, so a sync with nothing new answers the cursor alone. Without `since`, every bucket.",
  access: { token: "links:read" },
  query: offlineSyncQuerySchema,
  success: { status: 200, description: "The changes.", schema: offlineSyncAnswer },
  errors: { 400: ["validation_failed"] },
});
