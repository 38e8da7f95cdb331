import { apiRoute } from "@/lib/http/api-route";
import { kindleSettingsOf, updateKindleSettings } from "@/lib/epub/kindle-settings";
import { kindleSettingsSchema } from "@/lib/validations/kindle";

export const GET = apiRoute(async ({ user }) => kindleSettingsOf(user));

export const PUT = apiRoute(kindleSettingsSchema, async ({ user, body }) => updateKindleSettings(user, body));
