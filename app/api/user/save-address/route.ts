import { apiRoute } from "@/lib/http/api-route";
import { saveAddressOf, updateSaveAddressSettings } from "@/lib/inbound-mail/save-address";
import { saveAddressSettingsSchema } from "@/lib/validations/save-address";

// The caller's private save-by-email address (made on first request) and whose mail it saves.
export const GET = apiRoute(async ({ user }) => saveAddressOf(user));

export const PUT = apiRoute(saveAddressSettingsSchema, async ({ user, body }) => updateSaveAddressSettings(user, body));
