import { healthRoute } from "@/lib/health/health-route";

export const GET = healthRoute();
