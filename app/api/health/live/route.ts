import { HEALTH_OPERATIONS } from "@/lib/health/contract";
import { operationRoute } from "@/lib/http/operation-route";

// GET /api/health/live (public): the liveness probe. The process is up and serving requests; no
// database access (GET /api/health is the readiness check), so an orchestrator does not restart a
// healthy process while its database is briefly away. bench/api measures it as the floor: the
// cheapest answer a route handler gets here (the error wrapper only adds HSTS over https).
export const GET = operationRoute(HEALTH_OPERATIONS.live, async (): Promise<Response> =>
  Response.json({ status: "ok" }),
);
