import { tokenApiRoute } from "@/lib/api";
import { listTodayLinks, toLinkResponse } from "@/lib/links";

export const GET = tokenApiRoute(async ({ user }) => (await listTodayLinks(user)).map(toLinkResponse));
