// Whose mail a save address saves (docs/decisions/0326). Pure.
//
// By default only the account's own confirmed address (User.email; a pending address is not one
// until its owner confirms it): both the From header and the envelope sender (SMTP MAIL FROM, or
// what the provider reports of it) must be that address. Neither proves who sent the mail (anyone
// can write either), so this is a fence against a leaked address filling a stash with strangers'
// mail, not authentication: the unguessable address is the secret. With the user's choice
// `saveMailFromAnySender`, any sender's mail is saved.

export type SenderCheck = {
  /** The From header's address, as read from the mail; null when it has none. */
  from: string | null;
  /** The envelope sender; null or "" for the null sender (bounces). */
  envelopeSender: string | null;
  /** The account's confirmed addresses. */
  confirmed: readonly string[];
  anySender: boolean;
};

const normalise = (address: string) =>
  address
    .trim()
    .replace(/^<(.*)>$/, "$1")
    .toLowerCase();

export function senderAllowed({ from, envelopeSender, confirmed, anySender }: SenderCheck): boolean {
  if (anySender) return true;
  if (!from || !envelopeSender) return false;
  const own = new Set(confirmed.map(normalise));
  return own.has(normalise(from)) && own.has(normalise(envelopeSender));
}

export const SENDER_NOT_ALLOWED_MESSAGE =
  "This save address only accepts mail from its owner's own address. The owner can allow any sender in Settings.";
