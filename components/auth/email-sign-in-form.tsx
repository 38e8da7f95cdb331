"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { PlainEmailField } from "@/components/ui/plain-email-field";
import { toast } from "@/components/ui/use-toast";
import { authErrorMessage } from "@/lib/auth/error-messages";
import { serverMessage } from "@/lib/client/fetcher";
import { requestSignInLink } from "@/lib/client/sign-in-link";
import { useHydrated } from "@/lib/client/use-hydrated";
import { EMAIL_MESSAGE } from "@/lib/zod/email-message";

const SEND_FAILED_TITLE = "Could not send the sign-in link";
const SEND_FAILED = "Something went wrong. Please try again in a few minutes.";

/**
 * The magic-link form: a plain POST to next-auth with its CSRF token, which works before the page
 * hydrates (the browser checks the address, next-auth answers with the check-email page). Once
 * hydrated it stays on the page to send, so a refusal (a bad address, too many links) shows here.
 * Its classes come from the server, so the page loads no class merging for one field and a button.
 */
export function EmailSignInForm({
  csrfToken,
  callbackUrl,
  inputClassName,
  buttonClassName,
}: {
  csrfToken: string;
  callbackUrl: string;
  inputClassName: string;
  buttonClassName: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("email");
    if (!(input instanceof HTMLInputElement)) return;
    input.value = input.value.trim();
    if (!input.value || !input.validity.valid) {
      setInvalid(true);
      input.focus();
      return;
    }
    setInvalid(false);
    setSending(true);
    try {
      const error = await requestSignInLink(form);
      if (!error) {
        router.push(`/login/check-email?${new URLSearchParams({ email: input.value.toLowerCase() })}`);
        return;
      }
      toast({ variant: "destructive", title: SEND_FAILED_TITLE, description: authErrorMessage(error) });
    } catch (error) {
      // A refusal from the server (429 when too many links were requested) carries its own text.
      toast({ variant: "destructive", title: SEND_FAILED_TITLE, description: serverMessage(error, SEND_FAILED) });
    }
    setSending(false);
  };

  return (
    // Hydrated, the form checks the address itself and says so in the product's words.
    <form
      method="post"
      action="/api/auth/signin/email"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <PlainEmailField
        error={invalid ? EMAIL_MESSAGE : null}
        onEdit={() => setInvalid(false)}
        inputClassName={inputClassName}
        required
      />
      <button type="submit" disabled={sending} className={buttonClassName}>
        <BusyLabel busy={sending} label="Send sign-in link" busyLabel="Sending link..." />
      </button>
    </form>
  );
}
