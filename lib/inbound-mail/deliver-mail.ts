import "server-only";
import { ZodError } from "zod";
import { wakePageWork } from "@/lib/articles/service";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { HttpError } from "@/lib/http/errors";
import { logJobError, logInfo } from "@/lib/log/log";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { type InboundRejectionReason, InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { readInboundMail } from "@/lib/inbound-mail/read-mail";
import { findSaveAddressOwner } from "@/lib/inbound-mail/save-address";
import { addressKeyOf } from "@/lib/inbound-mail/save-address-rules";
import { type SavedMail, saveInboundMail } from "@/lib/inbound-mail/save-mail";
import { SENDER_NOT_ALLOWED_MESSAGE, senderAllowed } from "@/lib/inbound-mail/sender-policy";

// One delivery for both ways mail arrives (the SMTP listener, the provider's webhook), docs/decisions/0325:
// recipient → user, the rate per address, the size cap, the sender rule, then reading and saving the
// mail. It never throws: every end is an outcome the transport turns into its own answer (an SMTP
// reply, an HTTP status), and every mail not saved is one log line.

/** The largest mail saved: 10 MB of MIME source. */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/** Mail per save address: a forwarding rule gone wrong or a leaked address cannot fill a stash. */
export const INBOUND_MAIL_RATE_LIMIT = {
  name: "inbound-mail:address",
  limit: 30,
  windowSeconds: 10 * 60,
} satisfies RateLimitRule;

export type RefusalReason = InboundRejectionReason | "unknown-recipient";

export type DeliveryOutcome =
  | { status: "saved"; saved: SavedMail }
  /** Never saved, whenever sent again: the sender is told (a 5xx reply, a bounce). */
  | { status: "refused"; reason: RefusalReason; message: string }
  /** Not now: the sender should try again later (a 4xx reply, a webhook retry). */
  | { status: "deferred"; reason: "limit" | "failed"; message: string; retryAfterSeconds: number };

export type IncomingMail = {
  /** The envelope recipient (SMTP RCPT TO, the provider's `recipient`). */
  recipient: string;
  /** The envelope sender (SMTP MAIL FROM, the provider's `sender`); "" or null for the null sender. */
  envelopeSender: string | null;
  source: Buffer;
};

export const UNKNOWN_RECIPIENT_MESSAGE = "No such save address.";
export const TOO_LARGE_MESSAGE = `The message is larger than ${MAX_MAIL_BYTES / 1024 / 1024} MB.`;
export const RATE_LIMITED_MESSAGE = "Too many messages to this save address. Please try again later.";
const FAILED_MESSAGE = "The message could not be saved right now. Please try again later.";

const refused = (reason: RefusalReason, message: string): DeliveryOutcome => ({ status: "refused", reason, message });

/** The owner of a recipient address, or why there is none; reads nothing but the address. */
export async function findRecipient(recipient: string): Promise<User | DeliveryOutcome> {
  const domain = env.inboundEmailDomain;
  const key = domain ? addressKeyOf(recipient, domain) : null;
  const user = key ? await findSaveAddressOwner(key) : null;
  return user ?? refused("unknown-recipient", UNKNOWN_RECIPIENT_MESSAGE);
}

/** Counts one mail for the user's address; a deferral when over INBOUND_MAIL_RATE_LIMIT. */
export async function admitMail(user: User): Promise<DeliveryOutcome | null> {
  const result = await hitRateLimit(INBOUND_MAIL_RATE_LIMIT, user.id);
  if (result.allowed) return null;
  return {
    status: "deferred",
    reason: "limit",
    message: RATE_LIMITED_MESSAGE,
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

/** Reads and saves a mail already admitted for `user`. */
export async function deliverToUser(user: User, mail: Omit<IncomingMail, "recipient">, now = new Date()) {
  return settle(() => saveAdmitted(user, mail, now), { userId: user.id, bytes: mail.source.length });
}

/** The whole delivery: recipient, rate, size, sender, then the save. */
export async function deliverMail(mail: IncomingMail, now = new Date()): Promise<DeliveryOutcome> {
  return settle(
    async () => {
      const user = await findRecipient(mail.recipient);
      if (!("id" in user)) return user;
      return (await admitMail(user)) ?? (await saveAdmitted(user, mail, now));
    },
    { bytes: mail.source.length },
  );
}

async function saveAdmitted(user: User, mail: Omit<IncomingMail, "recipient">, now: Date): Promise<DeliveryOutcome> {
  if (mail.source.length > MAX_MAIL_BYTES) return refused("too-large", TOO_LARGE_MESSAGE);
  const read = await readInboundMail(mail.source);
  const allowed = senderAllowed({
    from: read.from?.address ?? null,
    envelopeSender: mail.envelopeSender,
    confirmed: [user.email],
    anySender: user.saveMailFromAnySender,
  });
  if (!allowed) return refused("sender-not-allowed", SENDER_NOT_ALLOWED_MESSAGE);
  const saved = await saveInboundMail(user, read, now);
  if (saved.created) wakePageWork();
  return { status: "saved", saved };
}

/** Runs a delivery and turns whatever it threw into an outcome, logging each mail not saved once. */
async function settle(
  run: () => Promise<DeliveryOutcome>,
  fields: { userId?: string; bytes: number },
): Promise<DeliveryOutcome> {
  let outcome: DeliveryOutcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = outcomeOfError(error, fields);
  }
  if (outcome.status !== "saved") {
    logInfo("inbound mail not saved", { ...fields, status: outcome.status, reason: outcome.reason });
  }
  return outcome;
}

function outcomeOfError(error: unknown, fields: { userId?: string; bytes: number }): DeliveryOutcome {
  if (error instanceof InboundMailRejected) return refused(error.reason, error.message);
  // Input the save's own checks refused (a title or note past its length): nothing to retry.
  if (error instanceof ZodError)
    return refused("malformed", error.issues[0]?.message ?? "The message cannot be saved.");
  if (error instanceof HttpError) {
    if (error.status === 429) {
      const retryAfterSeconds = Number(error.headers["Retry-After"] ?? 60);
      return { status: "deferred", reason: "limit", message: error.message, retryAfterSeconds };
    }
    if (error.status === 402) return refused("limit", error.message);
    if (error.status < 500) return refused("malformed", error.message);
  }
  // The database or a bug: the sender tries again later, and the error is logged with its stack.
  logJobError({ job: "inbound-mail", error, ...fields });
  return { status: "deferred", reason: "failed", message: FAILED_MESSAGE, retryAfterSeconds: 60 };
}
