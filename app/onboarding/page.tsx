import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OnboardingForm } from "@/components/onboarding/onboarding-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryProvider } from "@/components/providers";
import { getCurrentUser } from "@/lib/auth/session";
import { SITE_NAME } from "@/lib/site";

export const metadata: Metadata = { title: "Set up your account" };

export default async function OnboardingPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/api/login?returnTo=/onboarding");
  if (user.onboarded) redirect("/dashboard");

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="page">{`Set up ${SITE_NAME}`}</CardTitle>
          <CardDescription>Tell us where and when to send your digest of saved links.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryProvider>
            <OnboardingForm defaultEmail={user.email} />
          </QueryProvider>
        </CardContent>
      </Card>
    </div>
  );
}
