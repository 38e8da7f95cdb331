import type { Metadata } from "next";
import { ConnectExtension } from "@/components/extension/connect-extension";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireOnboardedUser } from "@/lib/auth/session";
import { EXTENSION_TOKEN_SCOPES, TOKEN_SCOPE_MEANINGS } from "@/lib/auth/token-scopes";
import { extensionId, extensionReceiver, extensionTokenName } from "@/lib/extension/redirect-url";
import { firstParam } from "@/lib/save/shared-link";
import { CONNECT_STATE_PATTERN, NOT_AN_EXTENSION_MESSAGE } from "@/lib/auth/schemas";

export const metadata: Metadata = { title: "Connect the browser extension" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The extension's options open /extension/connect?redirect=<its receiving page>&state=…; a signed-out
// visitor signs in and comes back here (decision 0324).
export default async function ExtensionConnectRoute({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const redirectUrl = firstParam(params.redirect) ?? "";
  const state = firstParam(params.state) ?? "";
  await requireOnboardedUser(`/extension/connect?${new URLSearchParams({ redirect: redirectUrl, state }).toString()}`);
  const browser = CONNECT_STATE_PATTERN.test(state) ? extensionReceiver(redirectUrl) : null;
  const id = extensionId(redirectUrl);
  return (
    <div className="mx-auto max-w-md px-4 py-6">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="large">
            Connect the browser extension
          </CardTitle>
        </CardHeader>
        <CardContent>
          {browser && id ? (
            <ConnectExtension
              redirectUrl={redirectUrl}
              state={state}
              tokenName={extensionTokenName(browser)}
              extensionId={id}
              whereToCompare={
                browser === "Firefox"
                  ? "about:debugging#/runtime/this-firefox, as its Internal UUID"
                  : "chrome://extensions with Developer mode on, as its ID"
              }
              allowed={EXTENSION_TOKEN_SCOPES.map((scope) => TOKEN_SCOPE_MEANINGS[scope])}
            />
          ) : (
            <p role="alert">{NOT_AN_EXTENSION_MESSAGE}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
