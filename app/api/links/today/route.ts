import { tokenApiRoute } from "@/lib/api";
import { listTodayLinksJson } from "@/lib/links";

export const GET = tokenApiRoute(
  async ({ user }) => new Response(await listTodayLinksJson(user), { headers: { "Content-Type": "application/json" } }),
);
