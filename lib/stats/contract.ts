import "server-only";
import { defineEndpoint } from "@/lib/http/contract";
import { readingStatsAnswer } from "@/lib/stats/schemas";

// The reading chart's figures, for the app's own pages: the session only.

export const readingStatsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/stats/reading",
  tag: "stats",
  summary: "Links saved and read per week",
  description:
    "The caller's last 12 weeks, Monday to Sunday in their time zone: the links saved in each and the links read in each.",
  access: "session",
  success: { status: 200, description: "Twelve weeks, oldest first.", schema: readingStatsAnswer },
});
