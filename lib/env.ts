import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { MIN_MEMORY_LIMIT_MB } from "@/lib/memory/memory-budget.mjs";

// The only reader of process.env. A bad configuration fails at start-up, naming the variable.

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const flag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : ["true", "1", "on", "yes"].includes(value)));

// A host name of two or more labels (letters, digits, hyphens inside a label), as an MX record names it.
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const postgresUrl = optional.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: postgresUrl,
  DIRECT_DATABASE_URL: postgresUrl,
  DATA_DIR: optional,
  APP_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  MAIL_TRANSPORT: optional.pipe(z.enum(["resend", "smtp", "mailbox"]).optional()),
  RESEND_API_KEY: optional,
  RESEND_BASE_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: optional,
  CRON_SECRET: optional,
  MAIL_RATE_PER_SECOND: optional.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, "must be a number of calls per second")
      .transform(Number)
      .pipe(z.number().positive("must be more than 0"))
      .optional(),
  ),
  DIGEST_MAX_WORKERS: optional.pipe(
    z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().min(1).max(64)).optional(),
  ),
  DIGEST_SCHEDULER: optional.pipe(z.enum(["internal", "external"]).optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_ID: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  AUTH_OIDC_ISSUER: optional.pipe(z.url().optional()),
  AUTH_OIDC_CLIENT_ID: optional,
  AUTH_OIDC_CLIENT_SECRET: optional,
  AUTH_OIDC_NAME: optional,
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  MAILBOX_ENABLED: flag,
  TEST_EMAIL_ENABLED: flag,
  UNFURL_ALLOWED_HOSTS: optional,
  TRUSTED_PROXY_HOPS: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of proxies (0 when clients connect directly)")
      .transform(Number)
      .pipe(z.number().max(10, "must be at most 10"))
      .optional(),
  ),
  PORT: optional.pipe(
    z.string().regex(/^\d+$/, "must be a port number").transform(Number).pipe(z.number().min(1).max(65535)).optional(),
  ),
  INBOUND_EMAIL_DOMAIN: optional.pipe(
    z
      .string()
      .toLowerCase()
      .regex(DOMAIN_NAME, "must be a domain name such as save.example.com (no scheme, no port, no @)")
      .optional(),
  ),
  INBOUND_SMTP_PORT: optional.pipe(
    z.string().regex(/^\d+$/, "must be a port number").transform(Number).pipe(z.number().min(1).max(65535)).optional(),
  ),
  INBOUND_SMTP_HOST: optional,
  INBOUND_SMTP_SESSION_SECONDS: optional.pipe(
    z.string().regex(/^\d+$/, "must be a whole number of seconds").transform(Number).pipe(z.number().min(1)).optional(),
  ),
  MAILGUN_WEBHOOK_SIGNING_KEY: optional,
  DOWNLOAD_STALL_SECONDS: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of seconds")
      .transform(Number)
      .pipe(z.number().min(1, "must be at least 1").max(3600, "must be at most 3600"))
      .optional(),
  ),
  MEMORY_LIMIT_MB: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of megabytes")
      .transform(Number)
      .pipe(z.number().min(MIN_MEMORY_LIMIT_MB, `must be at least ${MIN_MEMORY_LIMIT_MB}`))
      .optional(),
  ),
  PAGE_FETCH_BUDGET_PER_10_MINUTES: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of page fetches")
      .transform(Number)
      .pipe(z.number().min(1, "must be at least 1").max(100_000, "must be at most 100000"))
      .optional(),
  ),
});

type RawEnv = z.infer<typeof schema>;

function parse(source: Record<string, string | undefined>): RawEnv {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
}

function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === "localhost" || hostname === "[::1]" || hostname.startsWith("127.");
}

/** A development-style instance: the embedded database or a loopback APP_URL. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function build(raw: RawEnv) {
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT ?? 3000}`).replace(/\/+$/, "");
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR ?? ".data");
  const local = isLoopbackOrigin(appUrl);
  const deployed = raw.NODE_ENV === "production" && !local;

  if (raw.DIRECT_DATABASE_URL && !raw.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  DIRECT_DATABASE_URL: set DATABASE_URL too (it is the one the app serves from)",
    );
  }
  if (deployed && !raw.AUTH_SECRET) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: required when APP_URL is a public origin");
  }
  const mailTransport = raw.MAIL_TRANSPORT ?? (raw.RESEND_API_KEY ? "resend" : raw.SMTP_URL ? "smtp" : "mailbox");
  if (mailTransport === "resend" && !raw.RESEND_API_KEY) {
    throw new Error("Invalid configuration:\n  RESEND_API_KEY: required when MAIL_TRANSPORT is resend");
  }
  if (mailTransport === "smtp" && !raw.SMTP_URL) {
    throw new Error("Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT is smtp");
  }

  if (raw.INBOUND_SMTP_PORT && !raw.INBOUND_EMAIL_DOMAIN) {
    throw new Error(
      "Invalid configuration:\n  INBOUND_SMTP_PORT: set INBOUND_EMAIL_DOMAIN too (the domain it receives for)",
    );
  }
  if (raw.MAILGUN_WEBHOOK_SIGNING_KEY && !raw.INBOUND_EMAIL_DOMAIN) {
    throw new Error(
      "Invalid configuration:\n  MAILGUN_WEBHOOK_SIGNING_KEY: set INBOUND_EMAIL_DOMAIN too (the domain Mailgun receives for)",
    );
  }

  return {
    nodeEnv: raw.NODE_ENV,
    databaseUrl: raw.DATABASE_URL,
    // Migrations go here: a direct connection when DATABASE_URL is a transaction-mode pooler (Prisma's
    // directUrl convention). The app itself keeps no session state, so it never needs one.
    directDatabaseUrl: raw.DIRECT_DATABASE_URL ?? raw.DATABASE_URL,
    dataDir,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    secureCookies: appUrl.startsWith("https://"),
    authSecret: raw.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    mailTransport,
    resendApiKey: raw.RESEND_API_KEY,
    resendBaseUrl: raw.RESEND_BASE_URL,
    smtpUrl: raw.SMTP_URL,
    emailFrom: raw.EMAIL_FROM ?? "LinkStash <digest@localhost>",
    cronSecret: raw.CRON_SECRET,
    // Resend's documented default team limit is 2 requests/s (docs/decisions/0221).
    mailRatePerSecond: raw.MAIL_RATE_PER_SECOND ?? 2,
    digestMaxWorkers: raw.DIGEST_MAX_WORKERS ?? 4,
    digestScheduler: raw.DIGEST_SCHEDULER ?? (raw.DATABASE_URL ? "external" : "internal"),
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
      priceId: raw.STRIPE_PRICE_ID,
      apiBase: raw.STRIPE_API_BASE,
    },
    billingEnabled: Boolean(raw.STRIPE_SECRET_KEY),
    oidc:
      raw.AUTH_OIDC_ISSUER && raw.AUTH_OIDC_CLIENT_ID && raw.AUTH_OIDC_CLIENT_SECRET
        ? {
            issuer: raw.AUTH_OIDC_ISSUER,
            clientId: raw.AUTH_OIDC_CLIENT_ID,
            clientSecret: raw.AUTH_OIDC_CLIENT_SECRET,
            name: raw.AUTH_OIDC_NAME ?? "Single sign-on",
          }
        : undefined,
    github:
      raw.AUTH_GITHUB_ID && raw.AUTH_GITHUB_SECRET
        ? { clientId: raw.AUTH_GITHUB_ID, clientSecret: raw.AUTH_GITHUB_SECRET }
        : undefined,
    google:
      raw.AUTH_GOOGLE_ID && raw.AUTH_GOOGLE_SECRET
        ? { clientId: raw.AUTH_GOOGLE_ID, clientSecret: raw.AUTH_GOOGLE_SECRET }
        : undefined,
    // host:port pairs on a private network whose pages may be fetched for link titles (an intranet).
    unfurlAllowedHosts: (raw.UNFURL_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean),
    // The mailbox shows every email, magic links included: on by default only for a loopback origin.
    mailboxEnabled: raw.MAILBOX_ENABLED ?? local,
    // The public /email-test page and POST /api/test/email (decision 0019) mail any address anyone types:
    // on by default only for a loopback origin, where nobody else can reach them.
    testEmailEnabled: raw.TEST_EMAIL_ENABLED ?? local,
    // Proxies in front of the app that append to X-Forwarded-For; 0: the socket's address decides.
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS ?? 0,
    // Save by email (docs/decisions/0325): the domain of every user's save address; unset, the feature is off.
    inboundEmailDomain: raw.INBOUND_EMAIL_DOMAIN,
    // The built-in SMTP listener's port and address (off without a port); every interface by default,
    // as a domain's MX host must be reachable.
    inboundSmtp: raw.INBOUND_SMTP_PORT
      ? {
          port: raw.INBOUND_SMTP_PORT,
          host: raw.INBOUND_SMTP_HOST ?? "0.0.0.0",
          // Long enough for a 10 MB message at about 150 kbit/s (decision 0351).
          sessionSeconds: raw.INBOUND_SMTP_SESSION_SECONDS ?? 600,
        }
      : undefined,
    // Mailgun's HTTP webhook signing key: POST /api/inbound/mailgun/mime is on when it is set.
    mailgunSigningKey: raw.MAILGUN_WEBHOOK_SIGNING_KEY,
    // How long a download (an export, a book) may go unread before the server ends it and frees its memory.
    downloadStallSeconds: raw.DOWNLOAD_STALL_SECONDS ?? 60,
    // The memory the process may use (docs/decisions/0352); unset, its cgroup's limit or the machine's memory.
    memoryLimitMb: raw.MEMORY_LIMIT_MB,
    // Page fetches one user may cause per 10 minutes, saves included (docs/decisions/0353).
    pageFetchBudgetPer10Minutes: raw.PAGE_FETCH_BUDGET_PER_10_MINUTES ?? 60,
  };
}

export type Env = ReturnType<typeof build>;

/** Reads a configuration; throws a message naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  return build(parse(source));
}

export const env: Env = loadEnv(process.env);

// next-auth v4 reads its own origin from NEXTAUTH_URL; derive it from APP_URL so one variable rules.
process.env.NEXTAUTH_URL = env.appUrl;
