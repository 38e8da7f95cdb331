import "server-only";
import nodemailer from "nodemailer";
import { Resend } from "resend";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";

// The three ways an email leaves (or stays in) LinkStash, chosen by MAIL_TRANSPORT (DESIGN.md §5).

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Makes a retried send a no-op at providers that support it. */
  idempotencyKey?: string;
};

export type SendResult =
  | { ok: true; id: string }
  | { ok: false; error: string; retryable: boolean; retryAfterSeconds?: number };

export type MailTransport = { name: "mailbox" | "smtp" | "resend"; send: (email: OutgoingEmail) => Promise<SendResult> };

function mailboxTransport(): MailTransport {
  return {
    name: "mailbox",
    async send(email) {
      const message = await getDb().mailboxMessage.create({
        data: {
          to: email.to.toLowerCase(),
          from: email.from,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
        },
      });
      return { ok: true, id: message.id };
    },
  };
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(email) {
      try {
        const info = await transporter.sendMail({
          from: email.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
        });
        return { ok: true, id: info.messageId };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error), retryable: true };
      }
    },
  };
}

// Errors a later attempt (with the same idempotency key) can get past. A lost reply also shows as
// application_error, so it is retried under the same key rather than sent twice.
const RETRYABLE_RESEND_ERRORS = new Set([
  "rate_limit_exceeded",
  "application_error",
  "internal_server_error",
  "concurrent_idempotent_requests",
]);

function resendTransport(apiKey: string): MailTransport {
  const resend = new Resend(apiKey, env.resendBaseUrl ? { baseUrl: env.resendBaseUrl } : undefined);
  return {
    name: "resend",
    async send(email) {
      const { data, error, headers } = await resend.emails.send(
        { from: email.from, to: email.to, subject: email.subject, html: email.html, text: email.text, headers: email.headers },
        email.idempotencyKey ? { idempotencyKey: email.idempotencyKey } : undefined,
      );
      if (data) return { ok: true, id: data.id };
      const retryAfter = Number(headers?.["retry-after"]);
      return {
        ok: false,
        error: error?.message ?? "Unknown Resend error",
        retryable: RETRYABLE_RESEND_ERRORS.has(error?.name ?? "application_error"),
        retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
      };
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
