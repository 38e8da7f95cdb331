import "@/lib/validations/zod-setup";
import { z } from "zod";

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
