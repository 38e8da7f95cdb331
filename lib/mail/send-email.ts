import "server-only";
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

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

// Kept once loaded: a module loader's import() per mail costs a resolve each time.
let staticRenderer: Promise<typeof import("react-dom/server")> | undefined;
let textConverter: Promise<typeof import("@react-email/render")> | undefined;

/**
 * A template as HTML plus its plain-text part (derived from the HTML unless given). Templates are
 * synchronous, so the static renderer serves: about 2.5x faster than React Email's streaming render.
 * Loaded on first use, as React Email itself does: Next refuses a static react-dom/server import
 * in app code. Its text converter too: a server that sends no email never needs it.
 */
export async function renderEmail(react: ReactElement, text?: string): Promise<{ html: string; text: string }> {
  const { renderToStaticMarkup } = await (staticRenderer ??= import("react-dom/server"));
  const html = `${DOCTYPE}${renderToStaticMarkup(react)}`;
  if (text !== undefined) return { html, text };
  const { toPlainText } = await (textConverter ??= import("@react-email/render"));
  return { html, text: toPlainText(html) };
}

/** Renders a React Email template to HTML and plain text and sends it through the configured transport. */
export async function sendEmail({
  to,
  subject,
  react,
  headers = {},
  idempotencyKey,
}: SendEmailInput): Promise<SendResult> {
  const { html, text } = await renderEmail(react);
  return mailTransport().send({ from: env.emailFrom, to, subject, html, text, headers, idempotencyKey });
}
