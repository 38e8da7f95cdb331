import { createHmac, randomBytes } from "node:crypto";

// Mailgun's inbound route posting to a forward() URL that ends in "mime": a multipart/form-data POST
// with the raw message in `body-mime`, the envelope (`recipient`, `sender`), the `from` and
// `subject` headers, and the signature fields of Mailgun's "Securing Webhooks": `timestamp`
// (seconds), `token` (50 random characters) and `signature`, the hex HMAC-SHA256 of timestamp +
// token keyed with the HTTP webhook signing key. Written here from Mailgun's documentation, apart
// from the app's own code, so a mistake in one does not hide in the other.

export type MailgunInboundPost = {
  signingKey: string;
  recipient: string;
  /** The envelope sender (MAIL FROM); "" for the null sender. */
  sender: string;
  bodyMime: string;
  /** Default now. */
  timestamp?: number;
  /** Default 50 fresh random characters. */
  token?: string;
  /** Replaces the computed signature (a forgery). */
  signature?: string;
};

export type SignedFields = { timestamp: string; token: string; signature: string };

export function mailgunSign(signingKey: string, timestamp: string, token: string): string {
  return createHmac("sha256", signingKey).update(`${timestamp}${token}`).digest("hex");
}

const header = (mime: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(mime.split(/\r?\n\r?\n/)[0] ?? "")?.[1] ?? "";

/** The form Mailgun posts for one received message, and the signature fields it carries. */
export function mailgunInboundForm(post: MailgunInboundPost): { form: FormData; signed: SignedFields } {
  const timestamp = String(post.timestamp ?? Math.floor(Date.now() / 1000));
  const token = post.token ?? randomBytes(25).toString("hex");
  const signature = post.signature ?? mailgunSign(post.signingKey, timestamp, token);
  const form = new FormData();
  form.set("recipient", post.recipient);
  form.set("sender", post.sender);
  form.set("from", header(post.bodyMime, "From"));
  form.set("subject", header(post.bodyMime, "Subject"));
  form.set("body-mime", post.bodyMime);
  form.set("timestamp", timestamp);
  form.set("token", token);
  form.set("signature", signature);
  return { form, signed: { timestamp, token, signature } };
}

/** Mailgun's POST to `url` (no cookie, no Origin; Mailgun's own User-Agent). */
export function mailgunInboundRequest(url: string, form: FormData): Request {
  return new Request(url, { method: "POST", body: form, headers: { "user-agent": "mailgun/treq-16.12.0" } });
}
