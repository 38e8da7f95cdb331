import "server-only";
import type { NextRequest } from "next/server";
import { isAcceptedCallbackUrl, isStorableText } from "@/lib/auth/auth-input";
import { env } from "@/lib/env";
import { defaultErrorCode, type ErrorCode } from "@/lib/http/error-codes";
import { errorResponse } from "@/lib/http/errors";

// next-auth's own route answers some bad requests in ways the rest of the API never does: a
// malformed JSON body throws (500), a NUL in a field reaches the database (500), a callbackUrl its
// URL check refuses is a "server configuration" error (500), unsupported actions answer plain
// text, and `_log` lets anyone write error lines into the server log. These guards sit in front
// of and behind it.

const CALLBACK_URL_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

const refusal = (status: number, code: ErrorCode, message: string, headers?: HeadersInit) =>
  errorResponse(status, code, message, headers);

/** The body as next-auth reads it (next-auth/next/utils.js getBody); null when the JSON does not parse. */
async function readBody(req: Request): Promise<unknown> {
  if (req.method !== "POST") return undefined;
  const contentType = req.headers.get("content-type") ?? "";
  if (/application\/json/i.test(contentType)) return req.clone().json();
  if (/application\/x-www-form-urlencoded/i.test(contentType))
    return Object.fromEntries(new URLSearchParams(await req.clone().text()));
  return undefined;
}

/** A request next-auth should never see: answered here as JSON, or null to pass it on. */
export async function refuseBadAuthRequest(req: NextRequest, segments: string[]): Promise<Response | null> {
  // Client-side logging of next-auth, unused here: closed so nobody can forge log lines.
  if (segments[0] === "_log") return refusal(404, "not_found", "Not found");
  let body: unknown;
  try {
    body = await readBody(req);
  } catch {
    return refusal(400, "invalid_json", "The request body is not valid JSON.");
  }
  const fields = [
    ...req.nextUrl.searchParams.values(),
    ...(typeof body === "object" && body !== null ? Object.values(body) : []),
  ];
  if (fields.some((value) => typeof value === "string" && !isStorableText(value)))
    return refusal(400, "validation_failed", "The request contains characters that are not allowed.");
  const callbackUrl = req.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl && !isAcceptedCallbackUrl(callbackUrl, env.appUrl))
    return refusal(400, "validation_failed", "The callback URL is not valid.");
  for (const name of CALLBACK_URL_COOKIES) {
    const value = req.cookies.get(name)?.value;
    // A cookie next-auth cannot use would fail every auth request of this browser: it is dropped.
    if (value && !isAcceptedCallbackUrl(value, env.appUrl))
      return refusal(400, "validation_failed", "The callback URL is not valid.", {
        "set-cookie": `${name}=; Path=/; Max-Age=0${name.startsWith("__Secure-") ? "; Secure" : ""}`,
      });
  }
  return null;
}

/** next-auth's 4xx answers in the API's shape: `{ code, message }` as JSON, the code its status's usual one. */
export async function asJsonError(res: Response): Promise<Response> {
  const contentType = res.headers.get("content-type") ?? "";
  if (res.status < 400 || res.status >= 500 || /application\/json/i.test(contentType)) return res;
  const text = (await res.text()).replace(/^Error:\s*/, "").trim();
  const message = text && text !== "[object Object]" ? text : "This sign-in request is not valid.";
  return errorResponse(res.status, defaultErrorCode(res.status), message);
}
