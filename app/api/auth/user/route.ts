import { env } from "@/lib/env";
import { endpointRoute } from "@/lib/http/api-route";
import { currentUserEndpoint } from "@/lib/users/contract";
import { toUserResponse } from "@/lib/users/response";

export const GET = endpointRoute(currentUserEndpoint, async ({ user }) => toUserResponse(user, env.billingEnabled));
