import "@/lib/zod/setup";
import { z } from "zod";

// Save by email as the API takes and answers it. Settings → Save by email (PUT
// /api/user/save-address): whose mail the user's save address saves.

export const FROM_ANY_SENDER_MESSAGE = "fromAnySender must be true or false";

export const saveAddressSettingsSchema = z.object({
  fromAnySender: z.boolean({ error: FROM_ANY_SENDER_MESSAGE }).meta({
    description: "Save mail from any sender (true), or only from the account's own address (false, the default).",
  }),
});

export type SaveAddressSettings = z.output<typeof saveAddressSettingsSchema>;

export const saveAddressAnswer = z
  .object({
    address: z
      .string()
      .meta({ description: "The caller's private save address: mail sent or forwarded to it is saved." }),
    fromAnySender: z.boolean().meta({
      description: "Whether mail from any sender is saved; otherwise only from the account's own address.",
    }),
  })
  .meta({ id: "SaveAddress" });

// What Mailgun posts to a route's forward() URL ending in "mime" (its raw MIME format): the message
// as received, the envelope, and the signature fields (docs/decisions/0327). Other fields
// Mailgun adds (from, subject) are read from the message itself.

const field = (description: string) => z.string({ error: `${description} is missing` }).meta({ description });

export const mailgunInboundSchema = z.object({
  "body-mime": field("The full MIME message").meta({ description: "The full MIME message, as received." }),
  recipient: field("The recipient").meta({ description: "The envelope recipient (RCPT TO)." }),
  sender: z.string().default("").meta({ description: "The envelope sender (MAIL FROM); empty for the null sender." }),
  timestamp: field("The timestamp").meta({ description: "Seconds since 1970 when Mailgun signed the request." }),
  token: field("The token").meta({ description: "50 random characters, signed with the timestamp; used once." }),
  signature: field("The signature").meta({
    description: "Hex HMAC-SHA256 of timestamp + token with the webhook signing key.",
  }),
});

export type MailgunInbound = z.output<typeof mailgunInboundSchema>;

// What the Mailgun route answers for a saved mail.
export const inboundSavedSchema = z.object({
  received: z.literal(true),
  saved: z
    .enum(["link", "newsletter"])
    .meta({ description: "What the mail saved: its link, or the newsletter itself." }),
  linkId: z.string(),
});
