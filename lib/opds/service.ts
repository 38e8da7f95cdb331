import "server-only";
import { signInWithAppPassword } from "@/lib/app-passwords/service";
import { OAUTH_TOKEN_LIMITS } from "@/lib/app-passwords/oauth-token";
import type { User } from "@/lib/generated/prisma/client";
import { clientIp } from "@/lib/http/client-ip";
import { badRequest, notFound } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import { basicCredentials } from "@/lib/opds/basic-auth";
import {
  acquisitionCatalog,
  bookResponse,
  categoriesCatalog,
  openSearchDescription,
  rootCatalog,
  searchCatalog,
} from "@/lib/opds/catalog";
import { digestCatalog, digestsCatalog } from "@/lib/opds/digest-catalog";

// /opds: HTTP Basic with the account's email and an app password, then the catalog the path names.

const CHALLENGE = { "www-authenticate": 'Basic realm="LinkStash", charset="UTF-8"' };

function signInNeeded(): Response {
  return Response.json(
    { code: "unauthenticated", message: "Sign in with your email and an app password (Settings → Apps)." },
    { status: 401, headers: CHALLENGE },
  );
}

/** The account an OPDS reader signs in to; a wrong password counts against the sign-in limits. */
async function readerOf(req: Request): Promise<User | null> {
  const credentials = basicCredentials(req.headers.get("authorization"));
  if (!credentials) return null;
  const signIn = await signInWithAppPassword(credentials.username, credentials.password);
  if (signIn?.scopes.includes("links:read")) return signIn.user;
  const ip = clientIp(req);
  await enforceRateLimits(
    [
      ...(ip ? [{ rule: OAUTH_TOKEN_LIMITS.perIp, subject: ip }] : []),
      { rule: OAUTH_TOKEN_LIMITS.perUsername, subject: credentials.username.trim() },
    ],
    "Too many wrong sign-ins. Please wait a few minutes and try again.",
  );
  return null;
}

export async function opdsResponse(req: Request, segments: string[]): Promise<Response> {
  const user = await readerOf(req);
  if (!user) return signInNeeded();
  const url = new URL(req.url);
  const [first, second] = segments;
  if (segments.length === 0) return rootCatalog(req, user);
  if (segments.length === 1 && first === "categories") return categoriesCatalog(req, user);
  if (segments.length === 1 && first === "digests") return digestsCatalog(req, user);
  if (segments.length === 2 && first === "digests" && second) return digestCatalog(req, user, second);
  if (segments.length === 1 && first === "search.xml") return openSearchDescription();
  if (segments.length === 1 && first === "search") {
    const q = url.searchParams.get("q")?.trim();
    if (!q) throw badRequest("Search for something: ?q=words.");
    return searchCatalog(user, q);
  }
  if (first === "books") return bookResponse(user, segments.slice(1));
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) throw notFound("There is no such page.");
  return acquisitionCatalog(req, user, segments, page);
}
