import "server-only";
import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import { env } from "@/lib/env";
import { mailTransport, type SendResult } from "@/lib/mail/transport";

export type SendEmailInput = {
  to: string;
  subject: string;
  react: ReactElement;
  headers?: Record<string, string>;
  idempotencyKey?: string;
};

/** Renders a React Email template to HTML and plain text and sends it through the configured transport. */
export async function sendEmail({ to, subject, react, headers = {}, idempotencyKey }: SendEmailInput): Promise<SendResult> {
  const html = await render(react);
  const text = toPlainText(html);
  return mailTransport().send({ from: env.emailFrom, to, subject, html, text, headers, idempotencyKey });
}
