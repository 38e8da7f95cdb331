import { randomBytes } from "node:crypto";

// Mail as a mail client writes it, for the save-by-email tests: plain MIME text with CRLF lines.

export const INBOUND_DOMAIN = "save.linkstash.test";

export type TestMail = { from: string; to: string; subject: string; text: string };

export function plainMail({ from, to, subject, text }: TestMail): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: Fri, 27 Nov 2026 09:00:00 +0000`,
    `Message-ID: <${randomBytes(8).toString("hex")}@mail.example.com>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    ...text.split("\n"),
    "",
  ].join("\r\n");
}

/** A save address of INBOUND_DOMAIN that nobody has. */
export const unknownSaveAddress = () =>
  `${"a".repeat(10)}${randomBytes(8)
    .toString("hex")
    .replace(/[^a-z]/g, "b")}`
    .padEnd(26, "c")
    .slice(0, 26)
    .concat(`@${INBOUND_DOMAIN}`);
