import { getDb } from "@/lib/db";
import { healthRoute } from "@/lib/health";

export const GET = healthRoute(getDb);
