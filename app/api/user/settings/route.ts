import { env } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { updateSettings } from "@/lib/users/settings";
import { toUserResponse } from "@/lib/users/response";
import { settingsRequestSchema } from "@/lib/validations/settings";

export const PUT = apiRoute(settingsRequestSchema, async ({ user, body }) =>
  toUserResponse(await updateSettings(user, body), env.billingEnabled),
);
