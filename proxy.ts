import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { HSTS, newNonce, pageContentSecurityPolicy } from "@/lib/security-headers";

// Pages only: a Content-Security-Policy with a fresh nonce per response (Next's CSP guide). Next
// reads the nonce from the request's CSP header and puts it on the scripts it renders. /api, static
// assets and the developer mailbox stay outside the matcher: a proxy costs ~30 % throughput.
export function proxy(request: NextRequest): NextResponse {
  const csp = pageContentSecurityPolicy({
    nonce: newNonce(),
    development: env.nodeEnv === "development",
    https: env.secureCookies,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  if (env.secureCookies) response.headers.set(HSTS.key, HSTS.value);
  return response;
}

export const config = {
  matcher: [
    {
      // No generic "has a file extension" exclusion: a crafted dotted page path must not escape the CSP.
      source: "/((?!api(?:/|$)|_next/static/|_next/image|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|dev/mailbox(?:/|$)).*)",
      // The router's prefetches fetch RSC payloads, no HTML to protect. (A browser's document
      // prefetch, `Purpose: prefetch`, does get the policy: that response may become the page.)
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
