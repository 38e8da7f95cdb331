import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { type ErrorBody, isErrorCode } from "@/lib/http/error-codes";
import { ORIGIN } from "@/tests/support/factories";
import { isMutating, type HttpMethod, type RouteMethod, type RouteParams } from "@/tests/security/route-inventory";

// Requests as `next start` hands them to a route handler, and the call itself.

export type RawRequest = {
  method: HttpMethod;
  /** Path and query, e.g. "/api/unsubscribe?token=…". */
  path: string;
  cookie?: string;
  /** The Origin header: same-origin by default on mutations, none on GET; null sends none. */
  origin?: string | null;
  /** null or absent: no Content-Type header. */
  contentType?: string | null;
  /** The raw body text; absent: no payload (a mutation then gets an empty stream, as under next start). */
  body?: string;
  headers?: Record<string, string>;
};

/**
 * Builds the request. Bodies always travel as a stream: a string body would make the Request add
 * "text/plain" by itself, and a browser's or a script's request without Content-Type must stay so.
 */
export function rawRequest(input: RawRequest): NextRequest {
  const headers = new Headers(input.headers);
  if (input.cookie) headers.set("cookie", input.cookie);
  const origin = input.origin === undefined ? (isMutating(input.method) ? ORIGIN : null) : input.origin;
  if (origin !== null) headers.set("origin", origin);
  if (input.contentType !== undefined && input.contentType !== null) headers.set("content-type", input.contentType);
  const url = `${ORIGIN}${input.path}`;
  if (input.method === "GET" || input.method === "HEAD") return new NextRequest(url, { method: input.method, headers });
  const bytes = new TextEncoder().encode(input.body ?? "");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
  // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex: "half" } = { method: input.method, headers, body, duplex: "half" };
  return new NextRequest(new Request(url, init));
}

/** A JSON request: the value serialised, Content-Type application/json. */
export function jsonRequest(input: Omit<RawRequest, "body" | "contentType"> & { json: unknown }): NextRequest {
  return rawRequest({ ...input, body: JSON.stringify(input.json), contentType: "application/json" });
}

const nodeRequire = createRequire(import.meta.url);

/**
 * next-auth v4 reads the request through `headers()` and `cookies()` of next/headers, which only
 * work inside Next's own request scope. For the length of a call they are pointed at the request
 * under test (next-auth loads next/headers with require(), so a Vitest module mock cannot reach it).
 */
export async function withNextHeaders<T>(req: NextRequest, run: () => Promise<T>): Promise<T> {
  const loaded: unknown = nodeRequire("next/headers");
  if (typeof loaded !== "object" || loaded === null) throw new Error("next/headers did not load");
  const saved = { headers: Reflect.get(loaded, "headers"), cookies: Reflect.get(loaded, "cookies") };
  Reflect.set(loaded, "headers", async () => new Headers(req.headers));
  Reflect.set(loaded, "cookies", async () => ({ getAll: () => req.cookies.getAll() }));
  try {
    return await run();
  } finally {
    Reflect.set(loaded, "headers", saved.headers);
    Reflect.set(loaded, "cookies", saved.cookies);
  }
}

/** Calls a route handler the way Next does: a NextRequest and a context whose params are a promise. */
export async function callRoute(route: RouteMethod, req: NextRequest, params: RouteParams = {}): Promise<Response> {
  return withNextHeaders(req, async () => route.handler(req, { params: Promise.resolve(params) }));
}

/**
 * An error body's text, when it is the JSON {code, message} every /api error must be (the code one
 * of lib/http/error-codes.ts); null otherwise.
 */
export function parseErrorBody(text: string): ErrorBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || !("message" in parsed) || !("code" in parsed)) return null;
  const { code, message } = parsed;
  return isErrorCode(code) && typeof message === "string" && message.trim() !== "" ? { code, message } : null;
}

/** The body of a 4xx, when it is the API's {code, message}; null otherwise. */
export async function errorBody(res: Response): Promise<ErrorBody | null> {
  return parseErrorBody(await res.clone().text());
}

/** The message of a 4xx whose body is the API's {code, message}; null otherwise. */
export async function errorMessage(res: Response): Promise<string | null> {
  return (await errorBody(res))?.message ?? null;
}

/** "name=value" of a Set-Cookie the response sets, for sending it back. */
export function setCookiePair(res: Response, name: string): string | undefined {
  for (const cookie of res.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}
