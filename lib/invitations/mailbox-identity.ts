// One mailbox, one person, for invitation claims (docs/decisions/0163): the spellings of an address
// that deliver to the same inbox reduce to one identity. Plus-addressing ("name+tag@") reaches the
// same inbox at nearly every provider; Gmail also ignores dots in the local part and treats
// googlemail.com as gmail.com. The migration 20261123110000_referral_limits repeats this in SQL
// for the claims made before it: change both together.

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** The mailbox an address delivers to, as one lower-case string. */
export function mailboxIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/** Whether two addresses deliver to the same mailbox. */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxIdentity(a) === mailboxIdentity(b);
}
