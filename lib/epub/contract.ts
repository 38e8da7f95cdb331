import "server-only";
import { kindleSendSchema, kindleSentAnswer, kindleSettingsAnswer, kindleSettingsSchema } from "@/lib/epub/schemas";
import { defineEndpoint } from "@/lib/http/contract";

// Send to Kindle: the caller's Kindle address, and a book mailed to it.

export const kindleSettingsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/user/kindle",
  tag: "account",
  summary: "The caller's Send to Kindle settings",
  access: "session",
  success: {
    status: 200,
    description: "The Kindle address, the digest choice and the sender.",
    schema: kindleSettingsAnswer,
  },
});

export const updateKindleSettingsEndpoint = defineEndpoint({
  method: "put",
  path: "/api/user/kindle",
  tag: "account",
  summary: "Set the caller's Kindle address",
  description:
    "A Send to Kindle address (@kindle.com, @free.kindle.com or @kindle.cn); empty or null removes it, and the digest's books with it.",
  access: "session",
  body: { schema: kindleSettingsSchema, required: true },
  success: { status: 200, description: "The settings saved.", schema: kindleSettingsAnswer },
  errors: { 400: ["validation_failed"] },
});

export const sendToKindleEndpoint = defineEndpoint({
  method: "post",
  path: "/api/export/kindle",
  tag: "import and export",
  summary: "Send a book to the caller's Kindle",
  description:
    "The book GET /api/export?format=epub makes for the same `link` or filters, mailed as an attachment to the Kindle address in Settings. A book over 25 MB is not sent (413). At most 10 a day.",
  access: "session",
  body: { schema: kindleSendSchema, required: true },
  success: { status: 200, description: "Mailed.", schema: kindleSentAnswer },
  errors: {
    400: ["validation_failed"],
    404: ["not_found"],
    409: ["conflict"],
    413: ["payload_too_large"],
    429: ["rate_limited"],
    503: ["unavailable"],
  },
});
