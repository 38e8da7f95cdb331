// A mail sent to a user's private save address, as read from its MIME source: what deciding what
// to save needs, whatever way it arrived (the SMTP listener, a provider's webhook).

export type InboundMail = {
  /** the From header's first address, lower-cased; null when it has none */
  from: { address: string; name: string | null } | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  messageId: string | null;
  date: Date | null;
};

/** Why a mail saves nothing: said back to the sender (an SMTP reply, a bounce) or logged. */
export type InboundRejectionReason = "no-link" | "malformed" | "too-large" | "sender-not-allowed" | "limit";

export class InboundMailRejected extends Error {
  constructor(
    readonly reason: InboundRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = "InboundMailRejected";
  }
}
