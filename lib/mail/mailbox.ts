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
  createdAt: string;
};

function toEntry(message: {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: unknown;
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
  });
  return messages.map(toEntry);
}

export async function getMailboxMessage(id: string): Promise<MailboxEntry | null> {
  // Not an id of ours ("%00" decodes to a NUL, which fails the query): no such message.
  if (!isRecordId(id)) return null;
  const message = await getDb().mailboxMessage.findUnique({ where: { id } });
  return message ? toEntry(message) : null;
}
