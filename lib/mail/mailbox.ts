import "server-only";
import { getDb } from "@/lib/db/client";
import { isRecordId } from "@/lib/db/input";

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

const ATTACHMENT_FIELDS = { select: { id: true, filename: true, contentType: true, size: true } } as const;

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
  const messages = await getDb().mailboxMessage.findMany({
    where: to ? { to: to.trim().toLowerCase() } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { attachments: ATTACHMENT_FIELDS },
  });
  return messages.map(toEntry);
}

export async function getMailboxMessage(id: string): Promise<MailboxEntry | null> {
  // Not an id of ours ("%00" decodes to a NUL, which fails the query): no such message.
  if (!isRecordId(id)) return null;
  const message = await getDb().mailboxMessage.findUnique({
    where: { id },
    include: { attachments: ATTACHMENT_FIELDS },
  });
  return message ? toEntry(message) : null;
}

/** A file attached to the message, with its bytes. */
export async function getMailboxAttachment(messageId: string, id: string) {
  if (!isRecordId(messageId) || !isRecordId(id)) return null;
  return getDb().mailboxAttachment.findFirst({ where: { id, messageId } });
}
