import { healthRoute } from "@/lib/http/health";

export const GET = healthRoute();
