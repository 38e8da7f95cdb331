import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { type InboundMail, InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { type SavedLink, saveLink } from "@/lib/links/service";
import { linkSchema } from "@/lib/validations/link";

/** What a mail saved: a link it carried, or the newsletter itself as an item. */
export type SavedMail = SavedLink & { kind: "link" | "newsletter" };

const FIRST_URL = /https?:\/\/[^\s<>"]+/;

/** Saves what a mail sent to the user's save address carries; a mail with nothing to save is refused. */
export async function saveInboundMail(user: User, mail: InboundMail, now = new Date()): Promise<SavedMail> {
  const url = (mail.text ?? "").match(FIRST_URL)?.[0] ?? mail.subject?.match(FIRST_URL)?.[0];
  if (!url) throw new InboundMailRejected("no-link", "The message holds no link to save.");
  const payload = linkSchema.parse({ url, title: mail.subject });
  return { kind: "link", ...(await saveLink(user, payload, null, now)) };
}
