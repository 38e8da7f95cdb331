import "server-only";
import { isRecordId } from "@/lib/db/input";
import { mailboxAttachment, mailboxMessage, mailboxMessages } from "@/lib/mail/queries";

// The local mailbox (decision 0001): every email stored when no provider is configured.

export type MailboxEntry = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Files attached to the mail: each downloads at MAILBOX_PATH/<message id>/attachments/<id>. */
  attachments: MailboxAttachmentEntry[];
  createdAt: string;
};

export type MailboxAttachmentEntry = { id: string; filename: string; contentType: string; size: number };

function toEntry(message: {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: unknown;
  attachments: MailboxAttachmentEntry[];
  createdAt: Date;
}): MailboxEntry {
  const headers: Record<string, string> = {};
  if (message.headers && typeof message.headers === "object") {
    for (const [key, value] of Object.entries(message.headers)) if (typeof value === "string") headers[key] = value;
  }
  return { ...message, headers, createdAt: message.createdAt.toISOString() };
}

export async function listMailbox(to: string | null, limit = 50): Promise<MailboxEntry[]> {
  const messages = await mailboxMessages(to ? to.trim().toLowerCase() : null, limit);
  return messages.map(toEntry);
}

export async function getMailboxMessage(id: string): Promise<MailboxEntry | null> {
  // Not an id of ours ("%00" decodes to a NUL, which fails the query): no such message.
  if (!isRecordId(id)) return null;
  const message = await mailboxMessage(id);
  return message ? toEntry(message) : null;
}

/** A file attached to the message, with its bytes. */
export async function getMailboxAttachment(messageId: string, id: string) {
  if (!isRecordId(messageId) || !isRecordId(id)) return null;
  return mailboxAttachment(messageId, id);
}
