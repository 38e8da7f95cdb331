import "server-only";
import { successSchema } from "@/lib/api-docs/responses";
import { defineEndpoint } from "@/lib/http/contract";
import { testEmailSchema } from "@/lib/mail/schemas";

// The email test page's send: off unless the instance switches it on.

export const testEmailEndpoint = defineEndpoint({
  method: "post",
  path: "/api/test/email",
  tag: "internal",
  summary: "Send a test email",
  description: "Off unless the instance switches it on; limited per address and per client.",
  access: "public",
  body: { schema: testEmailSchema, required: true },
  success: { status: 200, description: "Sent.", schema: successSchema },
  errors: { 404: ["not_found"], 429: ["rate_limited"], 503: ["unavailable"] },
});
