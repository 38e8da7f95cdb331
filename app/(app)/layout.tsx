import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { QueryProvider } from "@/components/providers";
import { getCurrentUser } from "@/lib/auth/session";
import Loading from "./loading";

// Signed-in pages: "Loading" first, then a signed-out visitor goes to the landing page and
// a user who has not finished onboarding goes there. The check streams inside the boundary.

async function RequireOnboardedUser({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  if (!user.onboarded) redirect("/onboarding");
  return <QueryProvider>{children}</QueryProvider>;
}

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <RequireOnboardedUser>{children}</RequireOnboardedUser>
    </Suspense>
  );
}
