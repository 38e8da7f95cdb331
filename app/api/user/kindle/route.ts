import { kindleSettingsEndpoint, updateKindleSettingsEndpoint } from "@/lib/epub/contract";
import { kindleSettingsOf, updateKindleSettings } from "@/lib/epub/kindle-settings";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(kindleSettingsEndpoint, async ({ user }) => kindleSettingsOf(user));

export const PUT = endpointRoute(updateKindleSettingsEndpoint, async ({ user, body }) =>
  updateKindleSettings(user, body),
);
