import { tokenApiRoute } from "@/lib/http/api-route";
import { readingStats } from "@/lib/stats/reading";

// The dashboard's and History's reading chart: saved and read per week.
export const GET = tokenApiRoute(async ({ user }) => readingStats(user));
