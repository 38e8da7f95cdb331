import "server-only";
import { defineEndpoint, type Operation } from "@/lib/http/contract";
import { inboundSavedSchema, mailgunInboundSchema } from "@/lib/inbound-mail/schemas";
import { saveAddressAnswer, saveAddressSettingsSchema } from "@/lib/inbound-mail/schemas";

// The caller's save-by-email address. 404 on each when the server has no inbound email domain.

export const saveAddressEndpoint = defineEndpoint({
  method: "get",
  path: "/api/user/save-address",
  tag: "account",
  summary: "The caller's save-by-email address",
  description:
    "Made on the first request. Mail sent or forwarded to it is saved (its link, or a newsletter as an item). 404 when the server has no inbound email domain.",
  access: "session",
  success: { status: 200, description: "The address and whose mail it saves.", schema: saveAddressAnswer },
  errors: { 404: ["not_found"] },
});

export const saveAddressSettingsEndpoint = defineEndpoint({
  method: "put",
  path: "/api/user/save-address",
  tag: "account",
  summary: "Choose whose mail the save address saves",
  description: "Any sender, or only the account's own address (the default).",
  access: "session",
  body: { schema: saveAddressSettingsSchema, required: true },
  success: { status: 200, description: "The address and the choice saved.", schema: saveAddressAnswer },
  errors: { 404: ["not_found"] },
});

export const regenerateSaveAddressEndpoint = defineEndpoint({
  method: "post",
  path: "/api/user/save-address/regenerate",
  tag: "account",
  summary: "Replace the save address",
  description: "The old address stops working at once: mail to it is refused as to an unknown address.",
  access: "session",
  success: { status: 200, description: "The new address.", schema: saveAddressAnswer },
  errors: { 404: ["not_found"] },
});

// Mail that Mailgun received for a save address, authenticated by its signature.
export const MAILGUN_OPERATIONS = {
  inbound: {
    method: "post",
    path: "/api/inbound/mailgun/mime",
    tag: "internal",
    summary: "Mail received by Mailgun for a save address",
    description:
      "A Mailgun route's forward() to this URL (ending in `mime`: the raw message). Authenticated by the signature over `timestamp` and `token` (5 minutes either way, each token once). 200 saved; 406 never to be saved (Mailgun does not retry); any other status is retried by Mailgun.",
    access: "signature",
    wrapped: false,
    body: { schema: mailgunInboundSchema, mediaType: "multipart/form-data", required: true },
    answers: { 200: { description: "Saved.", schema: inboundSavedSchema } },
    errors: {
      401: ["invalid_signature"],
      404: ["not_found"],
      406: ["mail_refused"],
      429: ["rate_limited"],
      503: ["unavailable"],
    },
  },
} satisfies Record<string, Operation>;
