import "server-only";
import { simpleParser } from "mailparser";
import { type InboundMail, InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";

/** Reads a mail's MIME source; a source that is not a mail is refused as malformed. */
export async function readInboundMail(source: Buffer): Promise<InboundMail> {
  const parsed = await simpleParser(source).catch((error: unknown) => {
    throw new InboundMailRejected("malformed", `The message could not be read: ${String(error)}`);
  });
  const from = parsed.from?.value[0];
  return {
    from: from?.address ? { address: from.address.toLowerCase(), name: from.name || null } : null,
    subject: parsed.subject ?? null,
    text: parsed.text ?? null,
    html: parsed.html === false ? null : (parsed.html ?? null),
    messageId: parsed.messageId ?? null,
    date: parsed.date ?? null,
  };
}
