import { LogOut } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LOGOUT_HREF } from "@/components/layout/nav-links";
import { Button } from "@/components/ui/button";
import { MessageCard } from "@/components/ui/message-card";
import { getCurrentUser } from "@/lib/auth/session";
import { SITE_NAME } from "@/lib/site";

// Where a link to the logout endpoint from another site lands (docs/decisions/0302): nothing ends
// until the user presses the button, whose same-origin POST does.
export const metadata: Metadata = { title: "Sign out", robots: { index: false, follow: false } };

export default async function SignOutPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <MessageCard
        tone="question"
        icon={LogOut}
        title={`Sign out of ${SITE_NAME}?`}
        description={
          <>
            You are signed in as <strong className="font-medium break-all text-foreground">{user.email}</strong>.
          </>
        }
      >
        <form method="post" action={LOGOUT_HREF} className="grid">
          <Button type="submit">Sign out</Button>
        </form>
        <Button asChild variant="outline">
          <Link href="/dashboard">Stay signed in</Link>
        </Button>
      </MessageCard>
    </div>
  );
}
