import { EmailSignInForm } from "@/components/auth/email-sign-in-form";
import { buttonVariants } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";

/**
 * The sign-in choices: the magic-link form, then one plain form per OAuth provider (next-auth's
 * POST /api/auth/signin/{provider} with the CSRF token answers with a redirect to the provider).
 * Server-rendered; only the magic-link form hydrates.
 */
export function LoginForm({
  csrfToken,
  callbackUrl,
  providers,
}: {
  csrfToken: string;
  callbackUrl: string;
  providers: { id: string; name: string }[];
}) {
  return (
    <div className="grid gap-6">
      <EmailSignInForm
        csrfToken={csrfToken}
        callbackUrl={callbackUrl}
        inputClassName={inputClassName()}
        buttonClassName={buttonVariants()}
      />

      {providers.length > 0 ? (
        <div className="grid gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
            or
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
          </div>
          {providers.map((provider) => (
            <form key={provider.id} method="post" action={`/api/auth/signin/${provider.id}`} className="grid">
              <input type="hidden" name="csrfToken" value={csrfToken} />
              <input type="hidden" name="callbackUrl" value={callbackUrl} />
              <button type="submit" className={buttonVariants({ variant: "outline" })}>
                {`Continue with ${provider.name}`}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </div>
  );
}
