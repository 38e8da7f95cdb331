import { env } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { toUserResponse } from "@/lib/users/response";

export const GET = apiRoute(async ({ user }) => toUserResponse(user, env.billingEnabled));
