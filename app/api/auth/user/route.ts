import { apiRoute } from "@/lib/api";
import { toUserResponse } from "@/lib/users";

export const GET = apiRoute(async ({ user }) => toUserResponse(user));
