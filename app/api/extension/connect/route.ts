import { createApiToken } from "@/lib/auth/api-tokens";
import { connectExtensionEndpoint } from "@/lib/auth/contract";
import { EXTENSION_TOKEN_SCOPES } from "@/lib/auth/token-scopes";
import { extensionReceiver, extensionTokenName } from "@/lib/extension/redirect-url";
import { endpointRoute } from "@/lib/http/api-route";

// The connect page's button (session only, same origin): a new token for the extension, limited to
// what the extension calls (decision 0360), handed to its own receiving page in the address's fragment, which never reaches a server (decision 0324).
export const POST = endpointRoute(connectExtensionEndpoint, async ({ user, body }) => {
  const browser = extensionReceiver(body.redirectUrl);
  if (!browser) throw new Error("extensionConnectSchema let a non-extension address through");
  const { secret } = await createApiToken(user, extensionTokenName(browser), EXTENSION_TOKEN_SCOPES);
  const fragment = new URLSearchParams({ token: secret, state: body.state });
  return { redirectUrl: `${body.redirectUrl}#${fragment.toString()}` };
});
