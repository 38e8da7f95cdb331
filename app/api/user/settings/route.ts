import { apiRoute } from "@/lib/api";
import { updateSettings } from "@/lib/user-settings";
import { toUserResponse } from "@/lib/users";
import { settingsRequestSchema } from "@/lib/validations/settings";

export const PUT = apiRoute(settingsRequestSchema, async ({ user, body }) => toUserResponse(await updateSettings(user, body)));
