"use client";

import { CircleCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { BusyLabel } from "@/components/ui/busy-label";
import { PlainEmailField } from "@/components/ui/plain-email-field";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { useHydrated } from "@/lib/client/use-hydrated";
import { EMAIL_MESSAGE } from "@/lib/zod/email-message";

const SEND_FAILED = "There was a problem sending the test email. Please try again.";

// The route's own schema, and zod with it, loads with the form's first focus or submit.
const loadSchema = () => import("@/lib/mail/schemas").then((module) => module.testEmailSchema);

/**
 * One address and a button: a plain form rather than a form library. Its classes come from the
 * server, so the page loads no class merging.
 */
export function EmailTestForm({
  inputClassName,
  buttonClassName,
}: {
  inputClassName: string;
  buttonClassName: string;
}) {
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("email");
    if (!(input instanceof HTMLInputElement) || sending) return;
    const parsed = (await loadSchema()).safeParse({ email: input.value });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? EMAIL_MESSAGE);
      input.focus();
      return;
    }
    setInvalid(null);
    setSentTo(null);
    setSending(true);
    try {
      await apiRequest("POST", "/api/test/email", parsed.data);
      setSentTo(parsed.data.email);
      toast({ title: "Email sent!", description: `A test email is on its way to ${parsed.data.email}.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Error sending email", description: serverMessage(error, SEND_FAILED) });
    }
    setSending(false);
  };

  return (
    <div className="grid gap-4">
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        noValidate
        className="grid gap-4"
      >
        <PlainEmailField error={invalid} onEdit={() => setInvalid(null)} inputClassName={inputClassName} />
        {/* Disabled until hydrated: a native submission would put the address in the URL. */}
        <button type="submit" disabled={!hydrated || sending} className={buttonClassName}>
          <BusyLabel busy={sending} label="Send Test Email" busyLabel="Sending..." />
        </button>
      </form>

      <div role="status" aria-live="polite">
        {sentTo ? (
          <p className="flex gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm text-foreground">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span className="min-w-0 break-words">{`Test email sent to ${sentTo}. Check your inbox.`}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
