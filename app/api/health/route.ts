import { getDb } from "@/lib/db/client";
import { healthRoute } from "@/lib/http/health";

export const GET = healthRoute(getDb);
