import { MailCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type SearchParams = Record<string, string | string[] | undefined>;

export const metadata: Metadata = { title: "Check your email" };

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { email } = await searchParams;
  const address = typeof email === "string" && email.trim() ? email.trim() : null;

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" size="page">
            Check your email
          </CardTitle>
          <CardDescription>
            {address ? (
              <>
                We sent a sign-in link to <strong className="font-medium break-all text-foreground">{address}</strong>.
              </>
            ) : (
              "We sent you a sign-in link."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm text-muted-foreground">
          <p>
            Open the link on this device to finish signing in. It works once and expires in 24 hours. If it does not
            arrive within a few minutes, check your spam folder.
          </p>
          <Button asChild variant="outline">
            <Link href="/login">Use a different email address</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
