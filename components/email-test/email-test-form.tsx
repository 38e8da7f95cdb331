"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { BusyLabel } from "@/components/ui/busy-label";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailFormField } from "@/components/ui/email-form-field";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import type { TestEmailInput, TestEmailPayload } from "@/lib/validations/test-email";

// The schema, and zod with it, loads with the form's first focus or validation, not with the page.
const resolver = lazyZodResolver(() => import("@/lib/validations/test-email").then((module) => module.testEmailSchema));

const SEND_FAILED = "There was a problem sending the test email. Please try again.";

export function EmailTestForm() {
  const form = useForm<TestEmailInput, unknown, TestEmailPayload>({
    resolver,
    defaultValues: { email: "" },
  });

  const send = useMutation({
    mutationFn: async ({ email }: TestEmailPayload) => {
      await apiRequest("POST", "/api/test/email", { email });
      return email;
    },
    onSuccess: (email) => {
      toast({ title: "Email sent!", description: `A test email is on its way to ${email}.` });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error sending email", description: serverMessage(error, SEND_FAILED) });
    },
  });

  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  return (
    <div className="grid gap-4">
      <Form {...form}>
        <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="grid gap-4">
          <EmailFormField control={form.control} name="email" placeholder="you@example.com" />
          <SubmitButton disabled={send.isPending}>
            <BusyLabel busy={send.isPending} label="Send Test Email" busyLabel="Sending..." />
          </SubmitButton>
        </form>
      </Form>

      <div role="status" aria-live="polite">
        {send.isSuccess ? (
          <p className="flex gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm text-foreground">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span className="min-w-0 break-words">{`Test email sent to ${send.data}. Check your inbox.`}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
