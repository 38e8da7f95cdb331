// Why a mail sent to a user's private save address saves nothing, whatever way it arrived (the SMTP
// listener, a provider's webhook).

/** Why a mail saves nothing: said back to the sender (an SMTP reply, a bounce) or logged. */
export type InboundRejectionReason =
  | "no-link"
  | "malformed"
  | "too-large"
  /** reading it took more than the mail reader's time or memory */
  | "too-complex"
  | "sender-not-allowed"
  | "limit";

export class InboundMailRejected extends Error {
  constructor(
    readonly reason: InboundRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = "InboundMailRejected";
  }
}
