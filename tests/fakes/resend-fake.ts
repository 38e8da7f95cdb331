import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { ErrorResponse } from "resend";
import { z } from "zod";

// A local stand-in for the Resend API (https://api.resend.com), reached through the SDK's own
// `baseUrl` option. It speaks the wire format the `resend` SDK v6 sends and parses:
// JSON bodies with snake_case fields, `Authorization: Bearer re_...`, `Idempotency-Key`,
// `x-batch-validation`, and error bodies `{ statusCode, name, message }` whose `name` is one of
// the SDK's `RESEND_ERROR_CODE_KEY` names. Names follow Resend's error reference; the message texts
// are close to the service's but not guaranteed verbatim. One status differs from that reference:
// a bad key is answered 401 (as the live API has been seen to) where the reference lists 403.

/** Resend's documented default per-team limit; reported in headers when no limit is configured. */
const DEFAULT_TEAM_LIMIT_PER_SECOND = 2;
const MAX_BATCH_SIZE = 100;
const MAX_RECIPIENTS = 50;
const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
const RATE_WINDOW_MS = 1000;

type ResendErrorName = ErrorResponse["name"];

export type RecordedEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  /** Files as Resend takes them (`{ filename, content }`, content in base64), decoded. */
  attachments: RecordedAttachment[];
  idempotencyKey: string | null;
  receivedAt: Date;
};

export type RecordedAttachment = { filename: string; contentType: string | null; content: Buffer };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or null when empty. */
  body: unknown;
  /** When the whole request had arrived (epoch ms). */
  receivedAt: number;
};

export type InjectedFailure = { status: 429; retryAfterSeconds?: number } | { status: 500 };

export type ResendFakeOptions = {
  /** Answer 429 beyond this many accepted requests per rolling second (the per-team limit). */
  rateLimitPerSecond?: number;
  /** Delay before each accepted send is answered; the email is recorded before it, as a real send is. */
  latencyMs?: number;
  /**
   * false: keep no message or request, only the counts of `stats()`, so a run of a million digests
   * fits in memory (the benchmark). Default true.
   */
  keepMessages?: boolean;
  /** The port on 127.0.0.1 (default: one the system chooses). */
  port?: number;
};

/** Counts kept whatever `keepMessages` says; `GET /_fake/stats` answers them as JSON. */
export type ResendFakeStats = {
  /** Requests to the email endpoints, answered or refused. */
  requests: number;
  /** Of those, answered 429 (over the rate limit, or injected). */
  rateLimited: number;
  /** Answered 200 with a new send (idempotent replays are not counted). */
  acceptedCalls: number;
  acceptedEmails: number;
  /** Addresses that received at least one email. */
  recipients: number;
  /** Emails to an address that had received one before. */
  duplicateRecipients: number;
  /** When the first and the last new send were accepted (epoch ms). */
  firstAcceptedAt: number | null;
  lastAcceptedAt: number | null;
  /** The most requests to the email endpoints within any rolling second. */
  peakRequestsPerSecond: number;
};

export type ResendFake = {
  url: string;
  sent: RecordedEmail[];
  requests: RecordedRequest[];
  /** The next `count` requests to the email endpoints (after authentication) fail this way. */
  failNext: (count: number, failure: InjectedFailure) => void;
  /** Limit accepted requests per rolling second; `undefined` removes the limit. */
  setRateLimit: (perSecond?: number) => void;
  stats: () => ResendFakeStats;
  /** Forget sends, requests, counts, idempotency keys and injected failures; restore the start options. */
  reset: () => void;
  close: () => Promise<void>;
};

type Reply = { status: number; body: unknown; headers: Record<string, string> };

type EmailContent = Omit<RecordedEmail, "id" | "idempotencyKey" | "receivedAt">;

type Refusal = { status: number; name: ResendErrorName; message: string };

type Validation = { ok: true; email: EmailContent } | { ok: false; refusal: Refusal };

function errorReply(
  status: number,
  name: ResendErrorName,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, body: { statusCode: status, name, message }, headers };
}

function refused(status: number, name: ResendErrorName, message: string): Validation {
  return { ok: false, refusal: { status, name, message } };
}

const recipients = z.union([z.string(), z.array(z.string())]);

// Loose on purpose: a wrong type is answered with Resend's own field message, not zod's.
const emailSchema = z.object({
  from: z.string().nullish(),
  to: recipients.nullish(),
  subject: z.string().nullish(),
  html: z.string().nullish(),
  text: z.string().nullish(),
  headers: z.record(z.string(), z.string()).nullish(),
  // A template send carries no html or text of its own.
  template: z.object({ id: z.string() }).nullish(),
  attachments: z
    .array(
      z.object({ filename: z.string().nullish(), content: z.string().nullish(), content_type: z.string().nullish() }),
    )
    .nullish(),
});

/** Resend's limit on one email's attachments, counted after base64 encoding. */
export const MAX_ATTACHMENT_BASE64_BYTES = 40 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const BARE_ADDRESS = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^<>]+)>$/;

function isValidAddress(value: string): boolean {
  const trimmed = value.trim();
  const named = NAMED_ADDRESS.exec(trimmed);
  return BARE_ADDRESS.test(named?.[1] ?? trimmed);
}

function invalidAddress(field: string): Validation {
  return refused(
    422,
    "validation_error",
    `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
  );
}

function validateEmail(input: unknown): Validation {
  const parsed = emailSchema.safeParse(input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return refused(
      422,
      "validation_error",
      typeof field === "string" ? `Invalid \`${field}\` field.` : "Each email must be a JSON object.",
    );
  }
  const { from, subject, html, text, headers, template } = parsed.data;
  const to = parsed.data.to === null || parsed.data.to === undefined ? [] : [parsed.data.to].flat();
  // Resend names an absent required field missing_required_field (422), not validation_error.
  if (!from) return refused(422, "missing_required_field", "Missing `from` field.");
  if (to.length === 0) return refused(422, "missing_required_field", "Missing `to` field.");
  if (!subject) return refused(422, "missing_required_field", "Missing `subject` field.");
  if (!isValidAddress(from)) return invalidAddress("from");
  if (!to.every(isValidAddress)) return invalidAddress("to");
  if (to.length > MAX_RECIPIENTS) {
    return refused(422, "validation_error", `Invalid \`to\` field. At most ${MAX_RECIPIENTS} recipients are allowed.`);
  }
  if (!html && !text && !template) return refused(422, "validation_error", "Missing `html` or `text` field.");
  const attachments: RecordedAttachment[] = [];
  let encodedBytes = 0;
  for (const attachment of parsed.data.attachments ?? []) {
    if (!attachment.filename)
      return refused(422, "validation_error", "Invalid `attachments` field: a filename is required.");
    const content = attachment.content ?? "";
    if (!content || content.length % 4 !== 0 || !BASE64.test(content))
      return refused(422, "validation_error", "Invalid `attachments` field: content must be base64.");
    encodedBytes += content.length;
    attachments.push({
      filename: attachment.filename,
      contentType: attachment.content_type ?? null,
      content: Buffer.from(content, "base64"),
    });
  }
  if (encodedBytes > MAX_ATTACHMENT_BASE64_BYTES)
    return refused(422, "validation_error", "Attachments are larger than 40 MB after encoding.");
  return {
    ok: true,
    email: { from, to, subject, html: html ?? null, text: text ?? null, headers: headers ?? {}, attachments },
  };
}

/** JSON with sorted keys, so a replay is recognised whatever order its fields were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const fields = Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]: [string, unknown]) => `${JSON.stringify(key)}:${canonicalJson(field)}`);
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function parseBody(raw: string): unknown {
  if (raw === "") return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed;
  } catch {
    return raw;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function emptyStats(): ResendFakeStats {
  return {
    requests: 0,
    rateLimited: 0,
    acceptedCalls: 0,
    acceptedEmails: 0,
    recipients: 0,
    duplicateRecipients: 0,
    firstAcceptedAt: null,
    lastAcceptedAt: null,
    peakRequestsPerSecond: 0,
  };
}

export async function startResendFake(options: ResendFakeOptions = {}): Promise<ResendFake> {
  const keepMessages = options.keepMessages ?? true;
  const sent: RecordedEmail[] = [];
  const requests: RecordedRequest[] = [];
  let failures: InjectedFailure[] = [];
  let rateLimit = options.rateLimitPerSecond;
  let acceptedAt: number[] = [];
  let arrivals: number[] = [];
  let stats = emptyStats();
  const recipientsSeen = new Set<string>();
  // Keys are kept for the fake's lifetime; Resend keeps them 24 h, longer than any test runs. The
  // payload is kept as a hash: a batch of 100 digests is a megabyte.
  const idempotency = new Map<string, { fingerprint: string; reply: Reply }>();
  const inFlight = new Set<string>();

  function countAccepted(email: EmailContent): void {
    const now = Date.now();
    stats.acceptedEmails += 1;
    stats.firstAcceptedAt ??= now;
    stats.lastAcceptedAt = now;
    for (const to of email.to) {
      const address = to.toLowerCase();
      if (recipientsSeen.has(address)) stats.duplicateRecipients += 1;
      else recipientsSeen.add(address);
    }
    stats.recipients = recipientsSeen.size;
  }

  function countArrival(): void {
    const now = Date.now();
    arrivals = arrivals.filter((at) => now - at < RATE_WINDOW_MS);
    arrivals.push(now);
    stats.requests += 1;
    stats.peakRequestsPerSecond = Math.max(stats.peakRequestsPerSecond, arrivals.length);
  }

  /** Counts the request against the rolling-second limit; undefined when no limit is set. */
  function takeRateSlot(): { allowed: boolean; headers: Record<string, string> } | undefined {
    if (rateLimit === undefined) return undefined;
    const now = Date.now();
    acceptedAt = acceptedAt.filter((at) => now - at < RATE_WINDOW_MS);
    const oldest = acceptedAt[0];
    if (acceptedAt.length >= rateLimit && oldest !== undefined) {
      const resetSeconds = String(Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000)));
      return {
        allowed: false,
        headers: {
          "ratelimit-limit": String(rateLimit),
          "ratelimit-remaining": "0",
          "ratelimit-reset": resetSeconds,
          "retry-after": resetSeconds,
        },
      };
    }
    acceptedAt.push(now);
    return {
      allowed: true,
      headers: {
        "ratelimit-limit": String(rateLimit),
        "ratelimit-remaining": String(rateLimit - acceptedAt.length),
        "ratelimit-reset": "1",
      },
    };
  }

  function rateLimited(limit: number, headers: Record<string, string>): Reply {
    return errorReply(
      429,
      "rate_limit_exceeded",
      `Too many requests. You can only make ${limit} requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.`,
      headers,
    );
  }

  function injectedReply(failure: InjectedFailure): Reply {
    if (failure.status === 500) {
      return errorReply(500, "internal_server_error", "An unexpected error occurred, please try again later.");
    }
    const retryAfter = String(failure.retryAfterSeconds ?? 1);
    return rateLimited(rateLimit ?? DEFAULT_TEAM_LIMIT_PER_SECOND, {
      "ratelimit-limit": String(rateLimit ?? DEFAULT_TEAM_LIMIT_PER_SECOND),
      "ratelimit-remaining": "0",
      "ratelimit-reset": retryAfter,
      "retry-after": retryAfter,
    });
  }

  function acceptSingle(body: unknown, idempotencyKey: string | null): Reply {
    const result = validateEmail(body);
    if (!result.ok) return errorReply(result.refusal.status, result.refusal.name, result.refusal.message);
    const id = randomUUID();
    stats.acceptedCalls += 1;
    countAccepted(result.email);
    if (keepMessages) sent.push({ ...result.email, id, idempotencyKey, receivedAt: new Date() });
    return { status: 200, body: { id }, headers: {} };
  }

  function acceptBatch(body: unknown, idempotencyKey: string | null, permissive: boolean): Reply {
    if (!Array.isArray(body))
      return errorReply(422, "validation_error", "The request body must be an array of emails.");
    if (body.length === 0) return errorReply(422, "validation_error", "The batch must contain at least one email.");
    if (body.length > MAX_BATCH_SIZE) {
      return errorReply(
        422,
        "validation_error",
        `Too many emails in the batch: ${body.length}. The maximum is ${MAX_BATCH_SIZE}.`,
      );
    }
    const results = body.map(validateEmail);
    if (results.some((result) => result.ok && result.email.attachments.length > 0))
      return errorReply(422, "validation_error", "The `attachments` field is not supported in batch emails.");
    const refusals = results.flatMap((result, index) => (result.ok ? [] : [{ index, ...result.refusal }]));
    // Strict (the SDK's default) refuses the whole batch for one bad email; permissive sends the rest.
    const firstRefusal = refusals[0];
    if (!permissive && firstRefusal) {
      return errorReply(
        firstRefusal.status,
        firstRefusal.name,
        `emails[${firstRefusal.index}]: ${firstRefusal.message}`,
      );
    }
    const receivedAt = new Date();
    const data: { id: string }[] = [];
    stats.acceptedCalls += 1;
    for (const result of results) {
      if (!result.ok) continue;
      const id = randomUUID();
      countAccepted(result.email);
      if (keepMessages) sent.push({ ...result.email, id, idempotencyKey, receivedAt });
      data.push({ id });
    }
    return {
      status: 200,
      body: permissive ? { data, errors: refusals.map(({ index, message }) => ({ index, message })) } : { data },
      headers: {},
    };
  }

  async function route(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): Promise<Reply> {
    // The fake's own counts, for a benchmark that runs it in another process.
    if (method === "GET" && path === "/_fake/stats") return { status: 200, body: stats, headers: {} };
    const isSingle = path === "/emails";
    const isBatch = path === "/emails/batch";
    if (method !== "POST" || (!isSingle && !isBatch)) {
      return errorReply(404, "not_found", "The requested endpoint does not exist.");
    }
    countArrival();

    const authorization = firstHeader(headers.authorization);
    const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer) return errorReply(401, "missing_api_key", "Missing API key in the authorization header.");
    if (!bearer.startsWith("re_")) return errorReply(401, "invalid_api_key", "API key is invalid.");

    const failure = failures.shift();
    if (failure) return injectedReply(failure);

    const slot = takeRateSlot();
    if (slot && !slot.allowed) return rateLimited(rateLimit ?? DEFAULT_TEAM_LIMIT_PER_SECOND, slot.headers);
    const rateHeaders = slot?.headers ?? {};
    const withRateHeaders = (reply: Reply): Reply => ({ ...reply, headers: { ...rateHeaders, ...reply.headers } });

    if (typeof body === "string")
      return withRateHeaders(errorReply(400, "validation_error", "The request body is not valid JSON."));

    const key = firstHeader(headers["idempotency-key"]) ?? null;
    if (key !== null && (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
      return withRateHeaders(
        errorReply(400, "invalid_idempotency_key", `The key must be between 1-${MAX_IDEMPOTENCY_KEY_LENGTH} chars.`),
      );
    }
    const permissive = firstHeader(headers["x-batch-validation"]) === "permissive";
    if (key === null) return withRateHeaders(isSingle ? acceptSingle(body, null) : acceptBatch(body, null, permissive));

    if (inFlight.has(key)) {
      return withRateHeaders(
        errorReply(
          409,
          "concurrent_idempotent_requests",
          "Same idempotency key used while original request is still in progress.",
        ),
      );
    }
    const fingerprint = createHash("sha256").update(canonicalJson({ path, permissive, body })).digest("base64");
    const stored = idempotency.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return withRateHeaders(
          errorReply(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload."),
        );
      }
      return withRateHeaders(stored.reply);
    }

    const reply = isSingle ? acceptSingle(body, key) : acceptBatch(body, key, permissive);
    // Only an accepted send is remembered: a refused one may be corrected and retried under its key.
    if (reply.status !== 200) return withRateHeaders(reply);
    idempotency.set(key, { fingerprint, reply });
    if (options.latencyMs) {
      inFlight.add(key);
      try {
        // The global timer, so a test with fake timers decides when the reply goes out.
        await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      } finally {
        inFlight.delete(key);
      }
    }
    return withRateHeaders(reply);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = new URL(request.url ?? "/", "http://resend-fake").pathname;
    const body = parseBody(await readBody(request));
    if (keepMessages) requests.push({ method, path, headers: request.headers, body, receivedAt: Date.now() });
    let reply: Reply;
    try {
      reply = await route(method, path, request.headers, body);
      if (reply.status === 429) stats.rateLimited += 1;
    } catch (error) {
      // A bug in the fake must be loud in the test, not look like a provider outage.
      reply = errorReply(
        500,
        "application_error",
        `resend fake crashed: ${error instanceof Error ? error.stack : String(error)}`,
      );
    }
    response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("resend fake: no TCP address");

  return {
    url: `http://127.0.0.1:${address.port}`,
    sent,
    requests,
    failNext(count, failure) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    setRateLimit(perSecond) {
      rateLimit = perSecond;
      acceptedAt = [];
    },
    stats: () => ({ ...stats }),
    reset() {
      // Emptied in place: callers may hold the `sent` and `requests` arrays.
      sent.length = 0;
      requests.length = 0;
      stats = emptyStats();
      arrivals = [];
      recipientsSeen.clear();
      failures = [];
      rateLimit = options.rateLimitPerSecond;
      acceptedAt = [];
      idempotency.clear();
      inFlight.clear();
    },
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // The SDK's fetch keeps connections alive; without this close() waits for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}
