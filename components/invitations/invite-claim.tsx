"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, CircleAlert, CircleCheck, Gift, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { CLAIM_REDIRECT_MS, type InvitationCheck } from "@/components/invitations/invitation-queries";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { stringField, UnexpectedAnswerError } from "@/lib/client/json-fields";
import { invitationCheckKey } from "@/lib/client/query-keys";
import { INVITATION_INVALID_MESSAGE } from "@/lib/invitations/rules";
import { cn } from "@/lib/utils";

const PRO_BENEFITS = [
  "Unlimited links per day",
  "Daily email digests",
  "Advanced categorization",
  "Send multiple digests per day",
];

const toneClass = {
  primary: "bg-primary/10 text-primary",
  success: "bg-success/15 text-success",
  destructive: "bg-destructive/10 text-destructive",
};

function StateIcon({ tone, children }: { tone: keyof typeof toneClass; children: ReactNode }) {
  return (
    <span className={cn("mb-2 flex size-12 items-center justify-center rounded-full [&_svg]:size-6", toneClass[tone])}>
      {children}
    </span>
  );
}

/** Who looks at the claim page: a signed-in viewer who may not claim this code has a `refusal`. */
export type InviteViewer = { signedIn: false } | { signedIn: true; onboarded: boolean; refusal: string | null };

/** The /invite/{code} screen: checking, the offer (claim, log in, or why not), claimed, or invalid. */
export function InviteClaim({ code, viewer }: { code: string; viewer: InviteViewer }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const check = useQuery<InvitationCheck>({ queryKey: invitationCheckKey(code) });

  const claim = useMutation({
    mutationFn: async () => {
      const res = await apiRequest("POST", `/api/invitations/${encodeURIComponent(code)}/claim`);
      const message = stringField(await res.json(), "message");
      if (message === undefined) throw new UnexpectedAnswerError("invitation claimed");
      return { message };
    },
    // The plan changed: pages prefetched before the claim (the header's) would show the old one.
    onSuccess: () => router.refresh(),
    onError: async (error) => {
      toast({
        variant: "destructive",
        title: "Failed to claim invitation",
        description: serverMessage(error, "Please try again later."),
      });
      // Someone else may have claimed it meanwhile: show the code as it is now.
      await queryClient.invalidateQueries({ queryKey: invitationCheckKey(code) });
    },
  });

  // A new user's dashboard is onboarding: go there directly rather than through a redirect.
  const refusal = viewer.signedIn ? viewer.refusal : null;
  const next = viewer.signedIn && !viewer.onboarded ? "/onboarding" : "/dashboard";
  useEffect(() => {
    if (!claim.isSuccess) return;
    router.prefetch(next);
    const timer = setTimeout(() => router.push(next), CLAIM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [claim.isSuccess, router, next]);

  if (claim.isSuccess) {
    return (
      <Card className="text-center">
        <CardHeader className="items-center">
          <StateIcon tone="success">
            <CircleCheck aria-hidden="true" />
          </StateIcon>
          <CardTitle as="h1" size="page">
            Invitation Claimed
          </CardTitle>
          <CardDescription role="status">
            {next === "/dashboard"
              ? `${claim.data.message} Taking you to your dashboard...`
              : `${claim.data.message} Taking you to set up your digest...`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href={next}>{next === "/dashboard" ? "Go to Dashboard" : "Set up your digest"}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  if (check.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        Checking invitation...
      </p>
    );
  }

  if (check.isError || !check.data.valid) {
    return (
      <Card className="text-center">
        <CardHeader className="items-center">
          <StateIcon tone="destructive">
            <CircleAlert aria-hidden="true" />
          </StateIcon>
          <CardTitle as="h1" size="page">
            Invalid Invitation
          </CardTitle>
          <CardDescription>{check.data?.message || INVITATION_INVALID_MESSAGE}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link href="/">Go to Homepage</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader className="items-center text-center">
        <StateIcon tone="primary">
          <Gift aria-hidden="true" />
        </StateIcon>
        <CardTitle as="h1" size="page">
          {refusal ? "You cannot claim this invitation" : "You're invited!"}
        </CardTitle>
        <CardDescription>{refusal ?? check.data.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="pro-benefits" className="grid gap-3">
          <h2 id="pro-benefits" className="text-sm font-medium">
            Pro includes
          </h2>
          <ul className="grid gap-2 text-sm">
            {PRO_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {benefit}
              </li>
            ))}
          </ul>
        </section>
        {refusal ? (
          <Button asChild variant="outline" size="lg">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        ) : viewer.signedIn ? (
          <Button size="lg" disabled={claim.isPending} onClick={() => claim.mutate()}>
            <BusyLabel busy={claim.isPending} label="Claim 1 Month Pro Access" busyLabel="Claiming..." />
          </Button>
        ) : (
          <Button asChild size="lg">
            {/* An API route answering with a redirect: a plain link, never client navigation. */}
            <a href={`/api/login?returnTo=/invite/${encodeURIComponent(code)}`}>Log in to Claim Invitation</a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
