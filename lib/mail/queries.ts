import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

// The mail domain's statements: the local mailbox's messages and attachments, and the provider rate's
// one row per transport (single statements on the database's clock, so they work through a
// transaction-mode pooler).

const ATTACHMENT_FIELDS = { select: { id: true, filename: true, contentType: true, size: true } } as const;

/** The newest messages, to one address or to any, with their attachments' descriptions. */
export function mailboxMessages(to: string | null, limit: number) {
  return getDb().mailboxMessage.findMany({
    where: to ? { to } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { attachments: ATTACHMENT_FIELDS },
  });
}

export function mailboxMessage(id: string) {
  return getDb().mailboxMessage.findUnique({ where: { id }, include: { attachments: ATTACHMENT_FIELDS } });
}

/** One attachment of one message, with its bytes. */
export function mailboxAttachment(messageId: string, id: string) {
  return getDb().mailboxAttachment.findFirst({ where: { id, messageId } });
}

type MailboxRow = Prisma.MailboxMessageCreateManyInput;
type AttachmentRow = Omit<Prisma.MailboxAttachmentCreateManyInput, "messageId">;

/** Stores one message and its attachments; null when its idempotency key was stored before. */
export async function storeMailboxMessage(
  row: MailboxRow,
  attachments: AttachmentRow[],
): Promise<{ id: string } | null> {
  const [stored] = await getDb().mailboxMessage.createManyAndReturn({ data: [row], skipDuplicates: true });
  if (stored && attachments.length > 0) {
    await getDb().mailboxAttachment.createMany({
      data: attachments.map((attachment) => ({ ...attachment, messageId: stored.id })),
    });
  }
  return stored ?? null;
}

/** Stores several messages in one statement; a row whose key was stored before is skipped. */
export async function storeMailboxMessages(rows: MailboxRow[]): Promise<void> {
  await getDb().mailboxMessage.createMany({ data: rows, skipDuplicates: true });
}

/**
 * Reserves the next call of `transport`, `spacingSeconds` after the one before it, unless that call
 * could not start within `maxWaitSeconds`: the milliseconds to wait, or null, reserving nothing.
 */
export async function reserveCallSlot(
  transport: string,
  spacingSeconds: number,
  maxWaitSeconds: number,
): Promise<number | null> {
  const rows = await getDb().$queryRaw<{ waitMs: number }[]>`
    INSERT INTO "MailRate" AS r ("transport", "nextAt")
    VALUES (${transport}, clock_timestamp() + make_interval(secs => ${spacingSeconds}::float8))
    ON CONFLICT ("transport") DO UPDATE
      SET "nextAt" = GREATEST(r."nextAt", clock_timestamp()) + make_interval(secs => ${spacingSeconds}::float8)
      WHERE r."nextAt" <= clock_timestamp() + make_interval(secs => ${maxWaitSeconds}::float8)
    RETURNING (EXTRACT(EPOCH FROM r."nextAt" - clock_timestamp()) * 1000 - ${spacingSeconds * 1000}::float8)::float8 AS "waitMs"`;
  return rows[0]?.waitMs ?? null;
}

/** The provider asked to wait (429 with Retry-After): no call of `transport` starts in the next `seconds`. */
export async function holdCalls(transport: string, seconds: number): Promise<void> {
  await getDb().$executeRaw`
    INSERT INTO "MailRate" AS r ("transport", "nextAt")
    VALUES (${transport}, clock_timestamp() + make_interval(secs => ${seconds}::float8))
    ON CONFLICT ("transport") DO UPDATE SET "nextAt" = GREATEST(r."nextAt", EXCLUDED."nextAt")`;
}
