import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { SESSION_COOKIE } from "@/lib/auth/session";

export const ORIGIN = "http://localhost:3000";

// The fixed ports below sit under Linux's ephemeral range (32768-60999): a port in it can be taken
// at any moment by an outgoing connection (to PostgreSQL, a pooler, a page), and a test's server
// then cannot listen on it.

/** The one local address the integration setup lets the title fetcher reach. */
export const TITLE_TEST_HOST = "127.0.0.1:29873";
/** Two more, for the article tests (two files may run at once). */
export const ARTICLE_TEST_HOST = "127.0.0.1:29874";
export const CORPUS_TEST_HOST = "127.0.0.1:29875";
/** And one for the page-work queue's tests. */
export const PAGE_WORK_TEST_HOST = "127.0.0.1:29876";
/** And one for the EPUB tests' pages and images. */
export const EPUB_TEST_HOST = "127.0.0.1:29881";
/** And one for the Send to Kindle tests' images. */
export const KINDLE_TEST_HOST = "127.0.0.1:29882";
/** And one for the stalled downloads' images. */
export const DOWNLOAD_TEST_HOST = "127.0.0.1:29883";
/** And one for the PDF articles' files. */
export const PDF_TEST_HOST = "127.0.0.1:29887";
/** And one for the subscribed feeds. */
export const FEED_TEST_HOST = "127.0.0.1:29888";

let counter = 0;

export async function createUser(data: Partial<Prisma.UserCreateInput> = {}): Promise<User> {
  counter += 1;
  return getDb().user.create({
    data: {
      email: `user${counter}-${randomBytes(4).toString("hex")}@example.com`,
      // Proven, as a magic-link sign-in leaves it (an unproven address is the legacy case of docs/decisions/0141).
      emailVerified: new Date(),
      onboarded: true,
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
      ...data,
    },
  });
}

/** A real database session for the user, as next-auth would create it; returns the Cookie header. */
export async function signIn(user: User): Promise<string> {
  const sessionToken = randomBytes(24).toString("hex");
  await getDb().session.create({
    data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 30 * 86_400_000) },
  });
  return `${SESSION_COOKIE}=${sessionToken}`;
}

export async function signedInUser(data: Partial<Prisma.UserCreateInput> = {}) {
  const user = await createUser(data);
  return { user, cookie: await signIn(user) };
}

type RequestOptions = {
  cookie?: string;
  json?: unknown;
  body?: string;
  /** An empty body stream and no Content-Type: what a bodiless fetch() becomes under next start. */
  emptyStream?: boolean;
  headers?: Record<string, string>;
  origin?: string | null;
};

/** A Request as the browser sends it: same-origin by default for mutations, JSON when a payload is given. */
export function apiRequest(method: string, path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.origin !== null && method !== "GET") headers.set("origin", options.origin ?? ORIGIN);
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  if (options.emptyStream) {
    const stream = new ReadableStream({ start: (controller) => controller.close() });
    // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: "half" } = { method, headers, body: stream, duplex: "half" };
    return new Request(`${ORIGIN}${path}`, init);
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

/** The route context Next passes to a handler with dynamic segments. */
export function routeParams<T extends Record<string, string>>(params: T) {
  return { params: Promise.resolve(params) };
}
