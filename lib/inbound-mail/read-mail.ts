import "server-only";
import { z } from "zod";
import { EXTRACTION_TIMEOUT_MS, runInExtractor } from "@/lib/articles/extractor-pool";
import { env } from "@/lib/env";
import { InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { MALFORMED_MESSAGE } from "@/lib/inbound-mail/parse-mail.mjs";

// A received mail read, classified and sanitised in an extractor child process (decision 0348):
// nothing a mail holds runs on the server's thread. The child answers with what saving the mail
// needs, checked here like an article; a mail that runs out of the child's time or heap is refused
// for good, with the reason, since it would do the same when sent again.

export { MAX_MAIL_HTML_CHARS } from "@/lib/inbound-mail/parse-mail.mjs";

export const TOO_SLOW_MESSAGE = `This email took longer than ${EXTRACTION_TIMEOUT_MS / 1000} seconds to read: it cannot be saved.`;
export const TOO_BIG_TO_READ_MESSAGE =
  "Reading this email took more memory than this server gives it: it cannot be saved.";

const text = z.string().nullable();
const address = z.object({ address: z.string(), name: text });

const verdictSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("link"), url: z.string(), note: text }),
  z.object({
    kind: z.literal("newsletter"),
    title: z.string(),
    sender: address.nullable(),
    /** Tells newsletters of one sender apart in their own address (lib/inbound-mail/mail-url.ts). */
    key: z.string(),
    notes: text,
    /** Already through the sanitiser. */
    contentHtml: z.string(),
    text: z.string(),
    webVersionUrl: text,
  }),
  z.object({ kind: z.literal("no-link") }),
  z.object({ kind: z.literal("refused"), reason: z.enum(["too-large", "malformed"]), message: z.string() }),
]);

const readingSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("unreadable"), message: z.string() }),
  z.object({ kind: z.literal("failed") }),
  z.object({
    kind: z.literal("read"),
    from: address.nullable(),
    subject: text,
    messageId: text,
    date: z.iso.datetime().nullable(),
    verdict: verdictSchema,
  }),
]);

/** A received mail as read in the child: who sent it, its headers, and what it saves. */
export type ReadMail = {
  from: { address: string; name: string | null } | null;
  subject: string | null;
  messageId: string | null;
  date: Date | null;
  verdict: z.infer<typeof verdictSchema>;
};

function toReadMail(message: unknown): ReadMail | Error {
  const parsed = readingSchema.safeParse(message);
  if (!parsed.success) return new Error("The mail reader answered in an unexpected shape");
  const reading = parsed.data;
  if (reading.kind === "unreadable") return new InboundMailRejected("malformed", reading.message);
  // The reader itself failed on this mail (logged by the child): it would fail again.
  if (reading.kind === "failed") return new InboundMailRejected("malformed", MALFORMED_MESSAGE);
  const { from, subject, messageId, date, verdict } = reading;
  return { from, subject, messageId, date: date === null ? null : new Date(date), verdict };
}

/** Reads a mail's MIME source in a child; one that is not a mail, or too slow or big to read, is refused. */
export function readInboundMail(source: Buffer): Promise<ReadMail> {
  return runInExtractor<ReadMail>(
    { kind: "mail", source: new Uint8Array(source), appOrigin: env.appOrigin },
    EXTRACTION_TIMEOUT_MS,
    {
      answer: toReadMail,
      gone: (timedOut) => new InboundMailRejected("too-complex", timedOut ? TOO_SLOW_MESSAGE : TOO_BIG_TO_READ_MESSAGE),
    },
  );
}
