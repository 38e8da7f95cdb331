import { apiRoute } from "@/lib/api";
import { listTodayLinks, toLinkResponse } from "@/lib/links";

export const GET = apiRoute(async ({ user }) => (await listTodayLinks(user)).map(toLinkResponse));
