import { withRouteErrors } from "@/lib/http/route-errors";

// GET /api/health/live (public): the liveness probe. The process is up and serving requests; no
// database access (GET /api/health is the readiness check), so an orchestrator does not restart a
// healthy process while its database is briefly away. bench/api measures it as the floor: the
// cheapest answer a route handler gets here (the error wrapper only adds HSTS over https).
export const GET = withRouteErrors(async (): Promise<Response> => Response.json({ status: "ok" }));
