import type { SavedLink, SaveRequest } from "./messages";

// Calls to the user's LinkStash with the extension's token. The token routes answer any origin
// without cookies (CORS), so no host permission is needed (docs/decisions/0324).

export type Connection = { serverUrl: string; token: string };

/** An answer: its status (0 when the server could not be reached) and its JSON body, if any. */
export type Answer = { status: number; body: unknown };

export const UNREACHABLE_MESSAGE = "LinkStash could not be reached.";

async function call(connection: Connection, method: "GET" | "POST", path: string, json?: unknown): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${connection.serverUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${connection.token}`,
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    // fetch rejects only when no answer came (offline, refused, DNS): the caller queues or retries.
    return { status: 0, body: null };
  }
  const text = await res.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: the status still says what happened.
    body = null;
  }
  return { status: res.status, body };
}

export function postLink(connection: Connection, request: SaveRequest): Promise<Answer> {
  return call(connection, "POST", "/api/links", request);
}

export function lookupLink(connection: Connection, url: string): Promise<Answer> {
  return call(connection, "GET", `/api/links/lookup?url=${encodeURIComponent(url)}`);
}

export function listCustomCategories(connection: Connection): Promise<Answer> {
  return call(connection, "GET", "/api/categories");
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The server's `{ code, message }`, or a code and message for the status when the body has none. */
export function errorOf(answer: Answer): { code: string; message: string } {
  const { body } = answer;
  if (isRecord(body) && typeof body.code === "string" && typeof body.message === "string")
    return { code: body.code, message: body.message };
  if (answer.status === 0) return { code: "unreachable", message: UNREACHABLE_MESSAGE };
  return { code: "http_error", message: `LinkStash answered ${answer.status}.` };
}

/** The link of a save's answer (`{ success, link }`), or of a lookup's (`{ link }`, null when absent). */
export function linkOf(body: unknown): SavedLink | null {
  if (!isRecord(body) || !isRecord(body.link)) return null;
  const { id, url, title, categories } = body.link;
  if (typeof id !== "string" || typeof url !== "string") return null;
  return {
    id,
    url,
    title: typeof title === "string" ? title : null,
    categories: Array.isArray(categories) ? categories.filter((name): name is string => typeof name === "string") : [],
  };
}

/** The names of `GET /api/categories`' answer. */
export function categoryNamesOf(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((category: unknown) =>
    isRecord(category) && typeof category.name === "string" ? [category.name] : [],
  );
}
