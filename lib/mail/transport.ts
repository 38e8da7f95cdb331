import "server-only";
import type { Transporter } from "nodemailer";
import type { Resend } from "resend";
import { env } from "@/lib/env";
import { awaitCallSlot, holdCalls } from "@/lib/mail/provider-rate";
import { storeMailboxMessage, storeMailboxMessages } from "@/lib/mail/queries";

// The three ways an email leaves (or stays in) LinkStash, chosen by MAIL_TRANSPORT (README, Configuration).
// A deployment uses one of them, so each client library is loaded on its transport's first send
// rather than with the server (the scheduler imports this module at start-up).

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Makes a retried send a no-op where the transport supports it (Resend, the mailbox). */
  idempotencyKey?: string;
  /** Files sent with a single email (never in a batch: Resend's batch call takes none). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * The most bytes of files one email carries: Resend takes 40 MB of attachments after base64
 * (about 30 MB of files), Amazon's Send to Kindle 50 MB per mail; this leaves room for the message.
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** The refusal of an email whose files are over MAX_ATTACHMENT_BYTES, or null. */
function attachmentsTooLarge(email: OutgoingEmail): Failure | null {
  const bytes = (email.attachments ?? []).reduce((total, file) => total + file.content.length, 0);
  if (bytes <= MAX_ATTACHMENT_BYTES) return null;
  return {
    ok: false,
    error: `attachments of ${bytes} bytes are over the ${MAX_ATTACHMENT_BYTES}-byte limit`,
    retryable: false,
  };
}

type Failure = {
  ok: false;
  error: string;
  /** A later attempt (with the same idempotency key) may succeed. */
  retryable: boolean;
  /** The provider asked us to slow down (429); every worker now waits this long first. */
  retryAfterSeconds?: number;
  /** Not attempted: the shared provider rate had no call slot before `sendBy`. */
  deferred?: boolean;
};

export type SendResult = { ok: true; id: string } | Failure;
export type BatchSendResult = ({ ok: true; ids: (string | null)[] } | Failure) & {
  /** Milliseconds the call waited for its turn in the shared provider rate. */
  waitedMs?: number;
};

export type BatchOptions = {
  /** The call must start by this instant (epoch ms); if the shared rate has no slot by then it is not made. */
  sendBy?: number;
};

export type MailTransport = {
  name: "mailbox" | "smtp" | "resend";
  /** Most emails one batch call may carry. */
  maxBatchSize: number;
  /** Provider calls per second shared by every instance, or undefined when calls are not paced. */
  callsPerSecond?: number;
  send: (email: OutgoingEmail) => Promise<SendResult>;
  /** Sends several emails in one call; `batchKey` makes a retry of the same batch a no-op. */
  sendBatch: (emails: OutgoingEmail[], batchKey: string, options?: BatchOptions) => Promise<BatchSendResult>;
};

/** The message itself, as every transport hands it on: the email without our idempotency key. */
function messageOf(email: OutgoingEmail) {
  return {
    from: email.from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
  };
}

function mailboxTransport(): MailTransport {
  const toRow = (email: OutgoingEmail) => ({
    ...messageOf(email),
    to: email.to.toLowerCase(),
    idempotencyKey: email.idempotencyKey,
  });
  return {
    name: "mailbox",
    maxBatchSize: 500,
    async send(email) {
      const refusal = attachmentsTooLarge(email);
      if (refusal) return refusal;
      const row = await storeMailboxMessage(
        toRow(email),
        (email.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.length,
          contentBase64: file.content.toString("base64"),
        })),
      );
      return { ok: true, id: row?.id ?? email.idempotencyKey ?? "duplicate" };
    },
    async sendBatch(emails) {
      // One statement for the whole batch; a row whose key was stored before is skipped.
      await storeMailboxMessages(emails.map(toRow));
      return { ok: true, ids: emails.map((email) => email.idempotencyKey ?? null) };
    },
  };
}

function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const send = async (email: OutgoingEmail): Promise<SendResult> => {
    const refusal = attachmentsTooLarge(email);
    if (refusal) return refusal;
    try {
      transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
      const attachments = email.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content,
      }));
      const info = await (await transporter).sendMail({ ...messageOf(email), attachments });
      return { ok: true, id: info.messageId };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error), retryable: true };
    }
  };
  return {
    name: "smtp",
    maxBatchSize: 50,
    send,
    async sendBatch(emails) {
      const ids: (string | null)[] = [];
      for (const email of emails) {
        const result = await send(email);
        if (!result.ok) return result;
        ids.push(result.id);
      }
      return { ok: true, ids };
    },
  };
}

// Errors a later attempt with the same idempotency key can get past. A lost reply also shows as
// application_error, so it is retried under the same key rather than sent twice.
const RETRYABLE_RESEND_ERRORS = new Set([
  "rate_limit_exceeded",
  "application_error",
  "internal_server_error",
  "concurrent_idempotent_requests",
]);

type ResendFailure = { error: { name: string; message: string } | null; headers: Record<string, string> | null };

function resendFailure({ error, headers }: ResendFailure): Failure {
  const retryAfter = Number(headers?.["retry-after"]);
  const name = error?.name ?? "application_error";
  return {
    ok: false,
    error: `${name}: ${error?.message ?? "unknown Resend error"}`,
    retryable: RETRYABLE_RESEND_ERRORS.has(name),
    retryAfterSeconds: name === "rate_limit_exceeded" && Number.isFinite(retryAfter) ? retryAfter : undefined,
  };
}

const DEFERRED: Failure = {
  ok: false,
  error: "provider rate: no call slot before the deadline",
  retryable: true,
  deferred: true,
};

// Resend limits calls per team, whatever instance or key makes them: every call, digest batch or
// single email, takes its turn in the shared rate (lib/mail/provider-rate.ts).
function resendTransport(apiKey: string): MailTransport {
  let loaded: Promise<Resend> | undefined;
  const resend = () =>
    (loaded ??= import("resend").then(
      ({ Resend }) => new Resend(apiKey, env.resendBaseUrl ? { baseUrl: env.resendBaseUrl } : undefined),
    ));
  const perSecond = env.mailRatePerSecond;
  const failed = async (response: ResendFailure): Promise<Failure> => {
    const failure = resendFailure(response);
    if (failure.retryAfterSeconds !== undefined) await holdCalls("resend", failure.retryAfterSeconds);
    return failure;
  };
  return {
    name: "resend",
    maxBatchSize: 100,
    callsPerSecond: perSecond,
    async send(email) {
      const refusal = attachmentsTooLarge(email);
      if (refusal) return refusal;
      await awaitCallSlot("resend", perSecond);
      const client = await resend();
      // Resend's wire format: each file as { filename, content } with the content in base64.
      const attachments = email.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content: content.toString("base64"),
      }));
      const response = await client.emails.send(
        { ...messageOf(email), ...(attachments && { attachments }) },
        email.idempotencyKey ? { idempotencyKey: email.idempotencyKey } : undefined,
      );
      if (response.data) return { ok: true, id: response.data.id };
      if (response.error.name === "invalid_idempotent_request")
        return { ok: true, id: email.idempotencyKey ?? "duplicate" };
      return failed(response);
    },
    async sendBatch(emails, batchKey, { sendBy } = {}) {
      const waitedMs = await awaitCallSlot("resend", perSecond, sendBy === undefined ? Infinity : sendBy - Date.now());
      if (waitedMs === null) return DEFERRED;
      const client = await resend();
      const response = await client.batch.send(emails.map(messageOf), { idempotencyKey: batchKey });
      if (response.data) return { ok: true, ids: response.data.data.map((entry) => entry.id), waitedMs };
      // The key was used before with other content: that batch went out already.
      if (response.error.name === "invalid_idempotent_request")
        return { ok: true, ids: emails.map(() => null), waitedMs };
      return { ...(await failed(response)), waitedMs };
    },
  };
}

let cached: MailTransport | undefined;

export function mailTransport(): MailTransport {
  if (cached) return cached;
  if (env.mailTransport === "resend" && env.resendApiKey) cached = resendTransport(env.resendApiKey);
  else if (env.mailTransport === "smtp" && env.smtpUrl) cached = smtpTransport(env.smtpUrl);
  else cached = mailboxTransport();
  return cached;
}
