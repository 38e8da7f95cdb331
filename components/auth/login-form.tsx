"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import "@/lib/validations/zod-setup";
import { z } from "zod";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailFormField } from "@/components/ui/email-form-field";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/use-toast";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { serverMessage } from "@/lib/client/fetcher";
import { requestSignInLink } from "@/lib/client/sign-in-link";
import { emailField } from "@/lib/validations/common";

const loginSchema = z.object({ email: emailField });

const SEND_FAILED_TITLE = "Could not send the sign-in link";
const SEND_FAILED = "Something went wrong. Please try again in a few minutes.";

export function LoginForm({
  callbackUrl,
  providers,
}: {
  callbackUrl: string;
  providers: { id: string; name: string }[];
}) {
  const router = useRouter();
  const [pendingProvider, setPendingProvider] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "" },
  });

  const sendLink = useMutation({
    mutationFn: async (email: string) => ({ email, error: await requestSignInLink(email, callbackUrl) }),
    onSuccess: ({ email, error }) => {
      if (error) {
        toast({ variant: "destructive", title: SEND_FAILED_TITLE, description: authErrorMessage(error) });
        return;
      }
      router.push(`/login/check-email?${new URLSearchParams({ email })}`);
    },
    // A refusal from the server (429 when too many links were requested) carries its own text.
    onError: (error) => {
      toast({ variant: "destructive", title: SEND_FAILED_TITLE, description: serverMessage(error, SEND_FAILED) });
    },
  });

  const onSubmit = form.handleSubmit(({ email }) => sendLink.mutate(email));

  const signInWith = (providerId: string) => {
    setPendingProvider(providerId);
    // The provider's page takes over the tab; only a failure to get there comes back here.
    signIn(providerId, { callbackUrl }).catch(() => {
      setPendingProvider(null);
      toast({
        variant: "destructive",
        title: "Sign-in failed",
        description: "Could not reach the sign-in provider. Please try again.",
      });
    });
  };

  const busy = sendLink.isPending || pendingProvider !== null;

  return (
    <div className="grid gap-6">
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <EmailFormField control={form.control} name="email" placeholder="you@example.com" />
          <SubmitButton disabled={busy}>
            <BusyLabel busy={sendLink.isPending} label="Send sign-in link" busyLabel="Sending link..." />
          </SubmitButton>
        </form>
      </Form>

      {providers.length > 0 ? (
        <div className="grid gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
            or
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider) => (
            <Button key={provider.id} variant="outline" disabled={busy} onClick={() => signInWith(provider.id)}>
              {pendingProvider === provider.id ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {`Continue with ${provider.name}`}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
