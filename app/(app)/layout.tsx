import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { QueryProvider } from "@/components/providers";
import { onboardingDestination, PAGE_PATH_HEADER, signedOutDestination } from "@/lib/auth/return-to";
import { getCurrentUser } from "@/lib/auth/session";
import Loading from "./loading";

// Signed-in pages: "Loading" first, then a signed-out visitor goes to the landing page (or, for an
// article, to sign in and back) and a user who has not finished onboarding goes there, then on to the
// page. The check streams inside the boundary.

async function RequireOnboardedUser({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  const pagePath = (await headers()).get(PAGE_PATH_HEADER);
  if (!user) redirect(signedOutDestination(pagePath));
  if (!user.onboarded) redirect(onboardingDestination(pagePath));
  return <QueryProvider>{children}</QueryProvider>;
}

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <RequireOnboardedUser>{children}</RequireOnboardedUser>
    </Suspense>
  );
}
