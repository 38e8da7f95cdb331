import { publicApiRoute } from "@/lib/api";

export const GET = publicApiRoute(async ({ user }) => ({ isAuthenticated: user !== null }));
