import { endpointRoute } from "@/lib/http/api-route";
import { readingStatsEndpoint } from "@/lib/stats/contract";
import { readingStats } from "@/lib/stats/reading";

// The dashboard's and History's reading chart: saved and read per week. The session only: personal
// tokens are for the links and categories endpoints (decision 0028).
export const GET = endpointRoute(readingStatsEndpoint, async ({ user }) => readingStats(user));
