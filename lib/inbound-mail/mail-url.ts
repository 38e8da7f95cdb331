// The address of a newsletter saved from a mail that has no web version (decision 0328): on the
// reserved ".invalid" domain, which never resolves, so nothing fetches it and no one is sent
// there; the reader shows the mail itself. Pure: the link lists and the page-work runner ask it.

export const MAIL_ONLY_HOST = "mail.invalid";

/** The stable address of a newsletter from `senderDomain`, told apart by `key`. */
export function mailOnlyUrl(senderDomain: string | null, key: string): string {
  const domain = (senderDomain ?? "").toLowerCase().replace(/[^a-z0-9.-]/g, "");
  return `https://${MAIL_ONLY_HOST}/${domain ? `${domain}/` : ""}${key}`;
}

/** Whether `url` is a saved mail's own address: nothing to fetch or open outside the reader. */
export function isMailOnlyUrl(url: string): boolean {
  try {
    return new URL(url).hostname === MAIL_ONLY_HOST;
  } catch {
    return false;
  }
}
