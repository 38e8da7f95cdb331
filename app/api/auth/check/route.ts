import { endpointRoute } from "@/lib/http/api-route";
import { authCheckEndpoint } from "@/lib/users/contract";

export const GET = endpointRoute(authCheckEndpoint, async ({ user }) => ({ isAuthenticated: user !== null }));
