import { endpointRoute } from "@/lib/http/api-route";
import { saveAddressEndpoint, saveAddressSettingsEndpoint } from "@/lib/inbound-mail/contract";
import { saveAddressOf, updateSaveAddressSettings } from "@/lib/inbound-mail/save-address";

// The caller's private save-by-email address (made on first request) and whose mail it saves.
export const GET = endpointRoute(saveAddressEndpoint, async ({ user }) => saveAddressOf(user));

export const PUT = endpointRoute(saveAddressSettingsEndpoint, async ({ user, body }) =>
  updateSaveAddressSettings(user, body),
);
