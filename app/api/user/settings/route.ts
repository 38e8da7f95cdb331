import { env } from "@/lib/env";
import { endpointRoute } from "@/lib/http/api-route";
import { settingsEndpoint } from "@/lib/users/contract";
import { toUserResponse } from "@/lib/users/response";
import { updateSettings } from "@/lib/users/settings";

export const PUT = endpointRoute(settingsEndpoint, async ({ user, body }) =>
  toUserResponse(await updateSettings(user, body), env.billingEnabled),
);
