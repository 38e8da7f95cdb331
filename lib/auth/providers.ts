import "server-only";
import { env } from "@/lib/env";

// Kept apart from lib/auth/options.ts: the sign-in page (a Server Component) needs only this list, not the
// email-sending half of the auth configuration.

/** The OAuth/OIDC providers configured on this instance, for the sign-in page. */
export function oauthProviders(): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = [];
  if (env.oidc) list.push({ id: "oidc", name: env.oidc.name });
  if (env.github) list.push({ id: "github", name: "GitHub" });
  if (env.google) list.push({ id: "google", name: "Google" });
  return list;
}
