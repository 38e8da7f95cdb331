import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { getCurrentUser } from "@/lib/auth/session";

// Signed-in pages (SPEC §2): "Loading" first, then a signed-out visitor goes to the landing page and
// a user who has not finished onboarding goes there. The check streams inside the boundary.

async function RequireOnboardedUser({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  if (!user.onboarded) redirect("/onboarding");
  return children;
}

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-muted-foreground sm:px-6">
          Loading
        </p>
      }
    >
      <RequireOnboardedUser>{children}</RequireOnboardedUser>
    </Suspense>
  );
}
