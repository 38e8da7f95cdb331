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

/** A template as HTML plus the plain-text part derived from it. */
export async function renderEmail(react: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(react);
  return { html, text: toPlainText(html) };
}

/** Renders a React Email template to HTML and plain text and sends it through the configured transport. */
export async function sendEmail({ to, subject, react, headers = {}, idempotencyKey }: SendEmailInput): Promise<SendResult> {
  const { html, text } = await renderEmail(react);
  return mailTransport().send({ from: env.emailFrom, to, subject, html, text, headers, idempotencyKey });
}
