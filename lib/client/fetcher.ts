import type { QueryFunction } from "@tanstack/react-query";

// Client-side calls to this app's API (docs/product.md, "API"). Every call sends cookies; a body is sent as
// JSON only when there is a payload; any non-OK answer becomes an Error "<status>: <body or status text>".

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export async function apiRequest(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  data?: unknown,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? undefined : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  // The answer is read to its end here, whatever the caller needs of it: one left unread is dropped
  // when the browser collects it, and a successful save then shows as a cancelled request.
  const body = await res.text();
  const answer = new Response(NULL_BODY_STATUSES.includes(res.status) ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  await throwIfNotOk(answer);
  return answer;
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = [101, 204, 205, 304];

/**
 * The default query function: the query key's string and number parts joined with "/" are the URL
 * (["/api/links/today"], ["/api/invitations", code]). A 401 is an error unless told to yield null.
 */
export function getQueryFn({ on401 }: { on401: "returnNull" | "throw" }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => typeof part === "string" || typeof part === "number").join("/");
    const res = await fetch(url, { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    const body: unknown = await res.json();
    return body;
  };
}

/**
 * The server's explanation inside an error from this module (a JSON body `{ message }`), for a
 * toast's text; `fallback` for anything else (network failure, HTML error page, empty body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = /^\d{3}: ([\s\S]+)$/.exec(error.message)?.[1];
  if (!body) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === "object" &&
      "message" in parsed &&
      typeof parsed.message === "string" &&
      parsed.message.trim()
    ) {
      return parsed.message;
    }
  } catch {
    // Not JSON: not a message meant for people.
  }
  return fallback;
}
