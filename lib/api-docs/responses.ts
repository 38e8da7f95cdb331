import "server-only";
import { z } from "zod";
import { ERROR_CODES } from "@/lib/http/error-codes";

// The shapes answered by the endpoints not yet declared in their domain's contract.ts
// (docs/decisions/0397), as zod schemas for the API document, and the Error every endpoint shares.
// The contract test checks the answers themselves against the rendered document.

export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODES).meta({ description: "Stable: branch on this. The codes are listed in the reference." }),
    message: z.string().meta({ description: "For people: the app shows it as is. It may be reworded." }),
    requestId: z.string().optional().meta({ description: "Only on a 500: the id of the server's log line." }),
  })
  .meta({ id: "Error", description: "Every /api error answer." });

export const successSchema = z.object({ success: z.literal(true) });

export const messageSchema = z.object({ message: z.string() });

export const unsubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export const dispatchSchema = z.object({
  due: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  continuations: z.number().int(),
});

export const continuationSchema = z.object({ started: z.boolean() });

export const inboundSavedSchema = z.object({
  received: z.literal(true),
  saved: z
    .enum(["link", "newsletter"])
    .meta({ description: "What the mail saved: its link, or the newsletter itself." }),
  linkId: z.string(),
});

export const webhookSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});

const bytes = z.number().int().positive();

const processMemorySchema = z
  .object({
    rssBytes: bytes.meta({ description: "Resident memory of the server process (what the system counts)." }),
    heapUsedBytes: bytes.meta({ description: "JavaScript heap in use." }),
    heapTotalBytes: bytes.meta({ description: "JavaScript heap reserved." }),
  })
  .meta({ description: "The answering process's memory, in bytes, when it answered." });

export const healthSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("ok"),
    database: z.literal("reachable"),
    version: z.string(),
    memory: processMemorySchema,
  }),
  z.object({
    status: z.literal("degraded"),
    database: z.literal("unreachable"),
    version: z.string(),
    memory: processMemorySchema,
    code: z.literal("unavailable"),
    message: z.string(),
  }),
]);

export const livenessSchema = z.object({ status: z.literal("ok") });

export const nextAuthJsonSchema = z
  .looseObject({})
  .meta({ description: "next-auth's own answer: the session, a CSRF token, the providers, or a redirect address." });

export const documentSchema = z.looseObject({}).meta({ description: "This OpenAPI 3.1 document." });
