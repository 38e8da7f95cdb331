import { endpointRoute } from "@/lib/http/api-route";
import { backTodayEndpoint } from "@/lib/links/contract";
import { toLinkResponse } from "@/lib/links/response";
import { listBackToday } from "@/lib/links/service";

// "Back today": the caller's links whose reminder day has come (the dashboard's section above today's).
export const GET = endpointRoute(backTodayEndpoint, async ({ user }) =>
  (await listBackToday(user)).map(toLinkResponse),
);
