import { expect } from "vitest";
import { SmtpConversation } from "@/tests/support/smtp-conversation";

// Mails that made the old mail rules backtrack for seconds when read on the server's thread, and a
// plain SMTP sender for them: the crash suite sends them to a built app's listener.

export type MailParties = { from: string; to: string };

const headers = ({ from, to }: MailParties, subject: string) => [
  `From: Owner <${from}>`,
  `To: ${to}`,
  `Subject: ${subject}`,
  "Date: Fri, 27 Nov 2026 09:00:00 +0000",
  "MIME-Version: 1.0",
];

/** The mails that stalled the server when read on its thread, by what each holds. */
export const pathologicalMails = (parties: MailParties): Record<string, Buffer> => ({
  "a text part with one URL and an HTML part of '<a ' × 60,000": Buffer.from(
    [
      ...headers(parties, "Anchors"),
      'Content-Type: multipart/alternative; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "https://example.test/anchors",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<a ".repeat(60_000),
      "--b--",
      "",
    ].join("\r\n"),
  ),
  "60 KB of http://example.org/ then dots": Buffer.from(
    [
      ...headers(parties, "Dots"),
      "Content-Type: text/plain; charset=utf-8",
      "",
      `http://example.org/${".".repeat(60_000)}`,
      "",
    ].join("\r\n"),
  ),
  "3 MB of inline markup": Buffer.from(
    [
      ...headers(parties, "Inline"),
      "Content-Type: text/html; charset=utf-8",
      "",
      `<p><a href="https://example.test/inline">x</a>${"<b><i>x</i></b>".repeat(200_000)}</p>`,
      "",
    ].join("\r\n"),
  ),
});

/** Sends `source` from `parties.from` to `parties.to` over SMTP; the final reply to DATA. */
export async function sendOverSmtp(port: number, parties: MailParties, source: Buffer): Promise<string> {
  const { conversation, greeting } = await SmtpConversation.open(port);
  expect(greeting).toMatch(/^220 /);
  await conversation.command("EHLO liveness.example.test");
  expect(await conversation.command(`MAIL FROM:<${parties.from}>`)).toMatch(/^250 /);
  expect(await conversation.command(`RCPT TO:<${parties.to}>`)).toMatch(/^250 /);
  expect(await conversation.command("DATA")).toMatch(/^354 /);
  const answer = await conversation.data(source);
  conversation.close();
  return answer;
}

/** Sends every pathological mail at once; each mail's name and its final reply. */
export function sendPathologicalMails(port: number, parties: MailParties): Promise<(readonly [string, string])[]> {
  return Promise.all(
    Object.entries(pathologicalMails(parties)).map(
      async ([name, source]) => [name, await sendOverSmtp(port, parties, source)] as const,
    ),
  );
}
