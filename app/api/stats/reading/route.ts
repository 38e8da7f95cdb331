import { apiRoute } from "@/lib/http/api-route";
import { readingStats } from "@/lib/stats/reading";

// The dashboard's and History's reading chart: saved and read per week. The session only: personal
// tokens are for the links and categories endpoints (decision 0028).
export const GET = apiRoute(async ({ user }) => readingStats(user));
