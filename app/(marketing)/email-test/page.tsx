import { FlaskConical } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { EmailTestForm } from "@/components/email-test/email-test-form";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { inputClassName } from "@/components/ui/input";
import { env } from "@/lib/env";
import { MAILBOX_PATH } from "@/lib/mail/mailbox-page";

export const metadata: Metadata = { title: "Email test" };

export default async function EmailTestPage() {
  // Rendered per request: the mail settings below are the running server's, not the build machine's.
  await connection();
  if (!env.testEmailEnabled) notFound();
  // Where a test email lands on an instance without a mail provider (the local mailbox, decision 0001).
  const localMailbox = env.mailTransport === "mailbox" && env.mailboxEnabled;

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" size="page">
            Email test
          </CardTitle>
          <CardDescription>
            Send a short test email to check that email from LinkStash reaches an address.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <EmailTestForm inputClassName={inputClassName()} buttonClassName={buttonVariants()} />
          <div className="flex gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              This page is for testing only. The test email contains no links you saved and signs you up for nothing.
              {localMailbox ? (
                <>
                  {" "}
                  This instance keeps its emails in the{" "}
                  <a href={MAILBOX_PATH} className="font-medium text-primary underline underline-offset-4">
                    local mailbox
                  </a>
                  .
                </>
              ) : null}
            </p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
