import "server-only";
import type { NextAuthOptions } from "next-auth";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import EmailProvider from "next-auth/providers/email";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import type { Provider } from "next-auth/providers/index";
import { insertUser, prismaAuthAdapter } from "@/lib/auth/queries";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";
import { TRIAL_DAYS } from "@/lib/billing/plans";
import { signInConfirmUrl } from "@/lib/auth/magic-link";
import { signInReturnPath } from "@/lib/auth/return-to";
import { normalizeSignInIdentifier } from "@/lib/auth/sign-in-request";
import { magicLinkMayEnter } from "@/lib/users/email-change";
import { logRequestError } from "@/lib/http/route-errors";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "@/lib/auth/session";

// next-auth v4 with database sessions. Built lazily: opening the database must wait for a request.

function adapter(): Adapter {
  return {
    ...prismaAuthAdapter(),
    // Every new account starts its 14-day trial at sign-up.
    createUser: async ({ email, emailVerified, name, image }: Omit<AdapterUser, "id">) => {
      const user = await insertUser({
        email: email.toLowerCase(),
        emailVerified,
        name,
        image,
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      });
      return user;
    },
  };
}

function providers(): Provider[] {
  const list: Provider[] = [
    EmailProvider({
      maxAge: 24 * 60 * 60,
      from: env.emailFrom,
      // One address, checked as the sign-in route checked it (lib/auth/sign-in-limit.ts).
      normalizeIdentifier: normalizeSignInIdentifier,
      async sendVerificationRequest({ identifier, url }) {
        // Loaded here: every auth request builds these options, only a sign-in sends this email.
        const { default: MagicLinkEmail } = await import("@/emails/magic-link");
        const result = await sendEmail({
          to: identifier,
          subject: "Sign in to LinkStash",
          // The link opens a page that asks before signing in (docs/decisions/0140).
          react: MagicLinkEmail({ url: signInConfirmUrl(url, env.appUrl), host: new URL(env.appUrl).host }),
        });
        if (!result.ok) throw new Error(`Could not send the sign-in email: ${result.error}`);
      },
    }),
  ];
  if (env.oidc) {
    list.push({
      id: "oidc",
      name: env.oidc.name,
      type: "oauth",
      wellKnown: `${env.oidc.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
      clientId: env.oidc.clientId,
      clientSecret: env.oidc.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      profile: (profile: { sub: string; email: string; name?: string; picture?: string }) => ({
        id: profile.sub,
        email: profile.email,
        name: profile.name ?? null,
        image: profile.picture ?? null,
      }),
    });
  }
  if (env.github) list.push(GitHubProvider(env.github));
  if (env.google) list.push(GoogleProvider(env.google));
  return list;
}

// next-auth catches what fails inside a sign-in (a mail transport, the database), logs it and
// redirects to the sign-in page with a generic error code: log those as our one JSON line, with
// the id of the request being handled (app/api/auth/[...nextauth] runs under withRouteErrors).
function logAuthError(code: string, metadata: Error | { error: Error }): void {
  logRequestError(metadata instanceof Error ? metadata : metadata.error, code);
}

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  options ??= {
    adapter: adapter(),
    secret: env.authSecret,
    useSecureCookies: env.secureCookies,
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    providers: providers(),
    logger: { error: logAuthError },
    pages: { signIn: "/login", verifyRequest: "/login/check-email", error: "/login" },
    callbacks: {
      // Only ever come back to a path of this site (docs/decisions/0142). next-auth hands over the
      // request's callbackUrl as it came, and from a JSON body that can be any value.
      redirect: ({ url }: { url: unknown }) => `${env.appUrl}${signInReturnPath(url, env.appOrigin)}`,
      // A magic link enters an existing account only when the address is that account's confirmed
      // one (docs/decisions/0141). Checked when the link is used, not when it is asked for, so the
      // answer to a request tells a stranger nothing about the address.
      signIn: async ({ user, account, email }) => {
        if (account?.type !== "email" || email?.verificationRequest || !user.email) return true;
        return (await magicLinkMayEnter(user.email)) || `${env.appUrl}/login?error=EmailUnconfirmed`;
      },
    },
  };
  return options;
}
