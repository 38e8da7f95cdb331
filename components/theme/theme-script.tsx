import { headers } from "next/headers";
import { themeScriptSource } from "@/lib/client/theme";

/** The nonce proxy.ts put in this request's Content-Security-Policy header. */
async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}

/**
 * Applies the stored theme before the first paint, so a dark choice never flashes light. Inline
 * and blocking on purpose (it is a few hundred bytes); it carries the page's CSP nonce.
 */
export async function ThemeScript() {
  const nonce = await requestNonce();
  // The browser hides a nonce from the DOM once the page has loaded, so hydration sees it differ.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScriptSource() }} />;
}
