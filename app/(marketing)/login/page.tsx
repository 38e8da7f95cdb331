import { CircleAlert } from "lucide-react";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { csrfCookieName, csrfTokenOf } from "@/lib/auth/csrf-cookie";
import { oauthProviders } from "@/lib/auth/providers";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { signInReturnPath } from "@/lib/auth/return-to";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { SITE_NAME } from "@/lib/site";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata: Metadata = { title: "Sign in" };

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  // Parsed against this site first, then checked (docs/decisions/0142): "/.//evil.example" is "//evil.example".
  const callbackUrl = signInReturnPath(firstValue(params.callbackUrl), env.appOrigin);
  if (await getCurrentUser()) redirect(callbackUrl);
  const error = firstValue(params.error);
  // proxy.ts made sure the request carries next-auth's CSRF cookie; its token goes into the forms.
  const csrfToken = csrfTokenOf((await cookies()).get(csrfCookieName(env.secureCookies))?.value, env.authSecret) ?? "";

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="page">{`Sign in to ${SITE_NAME}`}</CardTitle>
          <CardDescription>
            Enter your email address and we will send you a link to sign in. New here? The same link creates your
            account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {error ? (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>{authErrorMessage(error)}</p>
            </div>
          ) : null}
          <LoginForm csrfToken={csrfToken} callbackUrl={callbackUrl} providers={oauthProviders()} />
        </CardContent>
      </Card>
    </div>
  );
}
