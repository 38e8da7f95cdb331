import type { Metadata } from "next";
import { InviteClaim } from "@/components/invitations/invite-claim";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { claimRefusal } from "@/lib/invitations/service";

// The code in the URL is a bearer of a free month: keep it out of indexes and referrers.
export const metadata: Metadata = {
  title: "Invitation",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** Claim an invitation: public; claiming needs a session. */
export default async function InvitePage({ params }: { params: Promise<{ code: string }> }) {
  const [{ code }, user] = await Promise.all([params, getCurrentUser()]);
  // Who is looking: signed out, the inviter, someone who already claimed one, or someone who may claim.
  const viewer = user
    ? { signedIn: true as const, onboarded: user.onboarded, refusal: await claimRefusal(user, code) }
    : { signedIn: false as const };
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <InviteClaim code={code} viewer={viewer} billingEnabled={env.billingEnabled} />
    </div>
  );
}
