import { publicApiRoute } from "@/lib/http/api-route";

export const GET = publicApiRoute(async ({ user }) => ({ isAuthenticated: user !== null }));
