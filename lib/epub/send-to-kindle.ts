import "server-only";
import { env } from "@/lib/env";
import { inBackgroundBookBuild, takeBookBuild } from "@/lib/epub/book-builds";
import { epubBuffer } from "@/lib/epub/build-epub";
import { selectBook, writeBook, type Book } from "@/lib/epub/epub-export";
import { conflict, payloadTooLarge, serviceUnavailable } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import type { User } from "@/lib/generated/prisma/client";
import { MAX_ATTACHMENT_BYTES, mailTransport, type SendResult } from "@/lib/mail/transport";
import { escapeHtml } from "@/lib/mail/html-escape";
import type { KindleSendRequest, KindleSentAnswer } from "@/lib/epub/schemas";
import { kindleSender } from "@/lib/epub/kindle-sender";

// Send to Kindle (docs/product.md, "E-reader"): a book mailed as an attachment to the user's Kindle
// address, on demand or with each digest (lib/digests/kindle-books.ts).

const DAY_SECONDS = 24 * 60 * 60;

/** Books sent on demand per account and day (decision 0342). */
export const KINDLE_SENDS_PER_DAY = {
  name: "kindle-send:account",
  limit: 10,
  windowSeconds: DAY_SECONDS,
} satisfies RateLimitRule;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const BOOK_TOO_LARGE_MESSAGE = `This book is larger than ${megabytes(MAX_ATTACHMENT_BYTES)}, the most one mail can carry to a Kindle. Send fewer links: one category, or only unread ones.`;

export type KindleMailResult =
  { sent: true; bytes: number } | { sent: false; reason: "too large" | "not sent"; error?: string };

export type MailBookOptions = {
  idempotencyKey?: string;
  /** "held": the caller holds one of the process's book builds; "background": wait for one as long as it takes. */
  build: "held" | "background";
};

/**
 * Writes `book` and mails it to the user's Kindle address from the user's own sender (the one they
 * approved at Amazon); a book over the mail's size limit is not sent.
 */
export async function mailBook(
  user: { id: string; kindleEmail: string },
  book: Book,
  now: Date,
  { idempotencyKey, build }: MailBookOptions,
): Promise<KindleMailResult> {
  const write = () => epubBuffer(writeBook(book, now), MAX_ATTACHMENT_BYTES);
  const content = build === "held" ? await write() : await inBackgroundBookBuild(write);
  if (!content) return { sent: false, reason: "too large" };
  const result: SendResult = await mailTransport().send({
    from: kindleSender(env.emailFrom, user.id).from,
    to: user.kindleEmail,
    subject: book.title,
    html: `<p>${escapeHtml(book.description)}, from LinkStash.</p>`,
    text: `${book.description}, from LinkStash.`,
    headers: {},
    idempotencyKey,
    attachments: [{ filename: book.fileName, contentType: "application/epub+zip", content }],
  });
  return result.ok ? { sent: true, bytes: content.length } : { sent: false, reason: "not sent", error: result.error };
}

/** POST /api/export/kindle: the book of one link or of History's filters, to the user's Kindle. */
export async function sendToKindle(
  user: User,
  request: KindleSendRequest,
  now = new Date(),
): Promise<KindleSentAnswer> {
  const to = user.kindleEmail;
  if (!to) throw conflict("Add your Kindle address in Settings first.", "conflict");
  // The build first: a send refused for a busy server must not count against the day's sends.
  const release = await takeBookBuild(user.id);
  try {
    return await sendHeld(user, to, request, now);
  } finally {
    release();
  }
}

async function sendHeld(user: User, to: string, request: KindleSendRequest, now: Date): Promise<KindleSentAnswer> {
  await enforceRateLimits(
    [{ rule: KINDLE_SENDS_PER_DAY, subject: user.id }],
    `You have sent ${KINDLE_SENDS_PER_DAY.limit} books to your Kindle today, the most one account can send in a day. Please try again tomorrow.`,
  );
  const book = await selectBook(
    user,
    { ...request, q: request.q ?? null, unread: request.unread ?? false, favorites: request.favorites ?? false },
    now,
  );
  const result = await mailBook({ id: user.id, kindleEmail: to }, book, now, { build: "held" });
  if (result.sent) return { sent: true, to, bytes: result.bytes, title: book.title };
  if (result.reason === "too large") throw payloadTooLarge(BOOK_TOO_LARGE_MESSAGE);
  throw serviceUnavailable("The book could not be mailed just now. Please try again in a few minutes.");
}
