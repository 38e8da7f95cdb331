// Pure: what an address submitted in Settings or onboarding means for the account
// (docs/decisions/0141). The account's address only changes when a link sent to the new one is used.

export type EmailState = {
  email: string;
  pendingEmail: string | null;
  pendingEmailExpires: Date | null;
};

/**
 * keep: nothing to do (the address in use, or the change already waiting for confirmation);
 * cancel: back to the address in use, so a waiting change is dropped;
 * start: send a confirmation link to `submitted` (replacing any waiting change).
 */
export type EmailChangeAction = "keep" | "cancel" | "start";

/** The waiting address, or null when there is none or its link has expired. */
export function livePendingEmail(user: EmailState, now: Date): string | null {
  if (!user.pendingEmail || !user.pendingEmailExpires) return null;
  return user.pendingEmailExpires.getTime() > now.getTime() ? user.pendingEmail : null;
}

/**
 * `addressConfirmed` is false for an account whose address was set before changes needed a
 * confirmation and never proven since: saving it again sends a link so its owner can confirm it.
 */
export function emailChangeAction(
  user: EmailState,
  submitted: string,
  addressConfirmed: boolean,
  now: Date,
): EmailChangeAction {
  const pending = livePendingEmail(user, now);
  if (submitted === pending) return "keep";
  if (submitted === user.email) {
    if (!addressConfirmed) return "start";
    return user.pendingEmail ? "cancel" : "keep";
  }
  return "start";
}
