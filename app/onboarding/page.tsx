import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OnboardingForm } from "@/components/onboarding/onboarding-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryProvider } from "@/components/providers";
import { onboardingDestination, signInReturnPath } from "@/lib/auth/return-to";
import { getCurrentUser } from "@/lib/auth/session";
import { SITE_NAME } from "@/lib/site";

export const metadata: Metadata = { title: "Set up your account" };

type OnboardingPageProps = { searchParams: Promise<{ returnTo?: string | string[] }> };

export default async function OnboardingPage({ searchParams }: OnboardingPageProps) {
  // The page the user had opened before onboarding: any URL can carry it, so it is checked as a
  // sign-in's return path is (same site; a saving page asks first).
  const returnTo = signInReturnPath((await searchParams).returnTo);
  const user = await getCurrentUser();
  if (!user) redirect(`/api/login?${new URLSearchParams({ returnTo: onboardingDestination(returnTo) }).toString()}`);
  if (user.onboarded) redirect(returnTo);

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="page">{`Set up ${SITE_NAME}`}</CardTitle>
          <CardDescription>Tell us where and when to send your digest of saved links.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryProvider>
            <OnboardingForm defaultEmail={user.email} returnTo={returnTo} />
          </QueryProvider>
        </CardContent>
      </Card>
    </div>
  );
}
