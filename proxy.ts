import { type NextRequest, NextResponse } from "next/server";
import { csrfCookieName, csrfTokenOf, newCsrfCookie } from "@/lib/auth/csrf-cookie";
import { PAGE_PATH_HEADER } from "@/lib/auth/return-to";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/http/errors";
import { isDecodablePath, UNDECODABLE_PATH_MESSAGE } from "@/lib/http/path-decoding";
import { HSTS, newNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

// Pages: a Content-Security-Policy with a fresh nonce per response (Next's CSP guide). Next reads
// the nonce from the request's CSP header and puts it on the scripts it renders. /api, static
// assets and the developer mailbox stay outside the matcher (a proxy costs ~30 % throughput),
// except paths holding a "%": Next's router answers 500 to a dynamic segment that does not decode
// (decision 0162), so such a path is refused here with 400 before it gets there.
export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const api = /^\/(api|dev\/mailbox)(\/|$)/.test(pathname);
  if (!isDecodablePath(pathname)) {
    return api
      ? errorResponse(400, "validation_failed", UNDECODABLE_PATH_MESSAGE)
      : new Response(UNDECODABLE_PATH_MESSAGE, {
          status: 400,
          headers: { "content-type": "text/plain; charset=utf-8" },
        });
  }
  if (api) return NextResponse.next();
  const csp = pageContentSecurityPolicy({
    nonce: newNonce(),
    development: env.nodeEnv === "development",
    https: env.secureCookies,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  // The page's path for its layout, which Next does not give layouts (replacing any a client sent).
  requestHeaders.set(PAGE_PATH_HEADER, `${pathname}${request.nextUrl.search}`);
  const csrfCookie = pathname === "/login" ? missingCsrfCookie(request) : null;
  // The sign-in page reads the new cookie from its own request, as if the browser had sent it.
  if (csrfCookie)
    requestHeaders.set(
      "cookie",
      [request.headers.get("cookie"), `${csrfCookie.name}=${csrfCookie.value}`].filter(Boolean).join("; "),
    );
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  if (csrfCookie)
    response.cookies.set(csrfCookie.name, csrfCookie.value, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
    });
  if (env.secureCookies) response.headers.set(HSTS.key, HSTS.value);
  return response;
}

/** next-auth's CSRF cookie for the sign-in form, when the browser has no valid one yet. */
function missingCsrfCookie(request: NextRequest): { name: string; value: string } | null {
  const name = csrfCookieName(env.secureCookies);
  if (csrfTokenOf(request.cookies.get(name)?.value, env.authSecret)) return null;
  return { name, value: newCsrfCookie(env.authSecret).value };
}

export const config = {
  matcher: [
    {
      // No generic "has a file extension" exclusion: a crafted dotted page path must not escape the CSP.
      // The service worker and the constants it imports have a policy of their own (next.config.mjs).
      source:
        "/((?!api(?:/|$)|_next/static/|_next/image|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|sw\\.js$|sw-constants\\.js$|dev/mailbox(?:/|$)).*)",
      // The router's prefetches fetch RSC payloads, no HTML to protect. (A browser's document
      // prefetch, `Purpose: prefetch`, does get the policy: that response may become the page.)
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
    // Every path that may not decode (router prefetches included); the API's usual paths stay clear of the proxy.
    { source: "/(.*%.*)" },
  ],
};
