import { NextRequest } from "next/server";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/lib/db/client";
import { listMailbox } from "@/lib/mail/mailbox";
import { withNextHeaders } from "@/tests/security/route-call";
import { ORIGIN } from "@/tests/support/factories";

// The magic-link sign-in as a browser goes through it, against next-auth's real route handler: its
// CSRF token, the request for a link, the emailed link, and the confirmation page's POST.

type Options = { cookie?: string; origin?: string | null; headers?: Record<string, string> };

export async function callNextAuth(
  method: "GET" | "POST",
  path: string,
  options: Options & { body?: string; contentType?: string } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  const origin = options.origin === undefined ? (method === "POST" ? ORIGIN : null) : options.origin;
  if (origin !== null) headers.set("origin", origin);
  if (options.contentType) headers.set("content-type", options.contentType);
  const url = new URL(path, ORIGIN);
  const req = new NextRequest(url, { method, headers, body: method === "POST" ? (options.body ?? "") : undefined });
  const segments = url.pathname.replace(/^\/api\/auth\//, "").split("/");
  const handler = method === "GET" ? nextAuthGet : nextAuthPost;
  return withNextHeaders(req, () => handler(req, { params: Promise.resolve({ nextauth: segments }) }));
}

/** "name=value" of a cookie the response sets. */
export function setCookie(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((pair) => pair.startsWith(`${name}=`));
}

/** A browser's next-auth CSRF token and the cookie that pairs with it. */
export async function csrf(): Promise<{ csrfToken: string; cookie: string }> {
  const res = await callNextAuth("GET", "/api/auth/csrf");
  const { csrfToken }: { csrfToken: string } = await res.json();
  const cookie = setCookie(res, "next-auth.csrf-token");
  if (!cookie) throw new Error("no csrf cookie");
  return { csrfToken, cookie };
}

/** Asks for a sign-in link the way the sign-in form does (a form POST with the CSRF pair). */
export async function requestSignInLink(
  email: string,
  callbackUrl = "/dashboard",
  headers: Record<string, string> = {},
): Promise<Response> {
  const token = await csrf();
  return callNextAuth("POST", "/api/auth/signin/email", {
    cookie: token.cookie,
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams({ email, callbackUrl, csrfToken: token.csrfToken, json: "true" }).toString(),
    headers,
  });
}

/** The link in the newest sign-in email to `email`. */
export async function emailedSignInLink(email: string): Promise<URL> {
  const [message] = (await listMailbox(email)).filter((entry) => entry.subject === "Sign in to LinkStash");
  const link = message?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes("token="));
  if (!link) throw new Error(`no sign-in link for ${email}`);
  return new URL(link);
}

/** The confirmation page's button: a POST to next-auth's callback with the link's parameters. */
export function confirmSignIn(link: URL, options: Options = {}): Promise<Response> {
  return callNextAuth("POST", `/api/auth/callback/email${link.search}`, {
    ...options,
    contentType: "application/x-www-form-urlencoded",
  });
}

/** The user a session cookie ("next-auth.session-token=…") belongs to, if any. */
export async function sessionUserId(res: Response): Promise<string | null> {
  const pair = setCookie(res, "next-auth.session-token");
  const token = pair?.split("=")[1];
  if (!token) return null;
  const session = await getDb().session.findUnique({ where: { sessionToken: decodeURIComponent(token) } });
  return session?.userId ?? null;
}
