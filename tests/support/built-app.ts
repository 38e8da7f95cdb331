// The built app as a real server process (`next start`), and a real user session on it: used by
// the crash tests and the load benchmark, which must reach the server over HTTP only (a PGlite
// directory belongs to the one process that opened it).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

const READY_TIMEOUT_MS = 60_000;
const LOG_LIMIT = 20_000;

// The app's own settings are never inherited from whoever runs the test or benchmark.
const APP_VARIABLES = [
  "DATABASE_URL",
  "DIRECT_DATABASE_URL",
  "TEST_DATABASE_URL",
  "TEST_POOLER_DATABASE_URL",
  "DATA_DIR",
  "APP_URL",
  "AUTH_SECRET",
  "MAIL_TRANSPORT",
  "RESEND_API_KEY",
  "RESEND_BASE_URL",
  "SMTP_URL",
  "EMAIL_FROM",
  "CRON_SECRET",
  "DIGEST_SCHEDULER",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_ID",
  "STRIPE_API_BASE",
  "MAILBOX_ENABLED",
  "TEST_EMAIL_ENABLED",
  "UNFURL_ALLOWED_HOSTS",
  "TRUSTED_PROXY_HOPS",
  "INBOUND_EMAIL_DOMAIN",
  "INBOUND_SMTP_PORT",
  "INBOUND_SMTP_HOST",
  "INBOUND_SMTP_SESSION_SECONDS",
  "MAILGUN_WEBHOOK_SIGNING_KEY",
  "PORT",
  "NODE_ENV",
  "NEXT_MANUAL_SIG_HANDLE",
];

export function assertBuilt(): void {
  if (!existsSync(path.join(REPO_ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build (.next/BUILD_ID is missing): run `npx next build` first.");
  }
}

function canListen(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error("no port assigned"))));
    });
  });
}

// TEST_PORT_BASE keeps everything a test or benchmark starts within base..base+99, so that several
// people running tests on one machine can each keep to a range of their own.
const portBase = process.env.TEST_PORT_BASE ? Number(process.env.TEST_PORT_BASE) : undefined;
const PORT_RANGE = 100;
let nextOffset = 0;
const handedOut = new Set<number>();

/**
 * A port nothing listens on right now and not handed out before by this process: chosen by the
 * system (well above the Playwright ports), or the next free one from TEST_PORT_BASE when set.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < PORT_RANGE; attempt += 1) {
    let port: number;
    if (portBase === undefined) port = await canListen(0);
    else {
      const candidate = portBase + (nextOffset++ % PORT_RANGE);
      if (handedOut.has(candidate)) continue;
      port = await canListen(candidate).catch(() => 0);
    }
    if (port && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port ${portBase === undefined ? "" : `from TEST_PORT_BASE=${portBase} `}found`);
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type AppServer = {
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  log: () => string;
  /** Sends the signal and waits for the process to end (SIGKILL after `timeoutMs`). */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<Exit>;
};

type StartOptions = {
  port: number;
  env: Record<string, string>;
  /** Options for node itself, e.g. --cpu-prof. */ nodeArgs?: string[];
  /** More options for `next start`, e.g. --keepAliveTimeout. */ serverArgs?: string[];
  /** A cgroup (v1) the server runs in from its first instruction: its `cgroup.procs` file. */
  cgroupProcs?: string;
};

/**
 * Spawns the built app on 127.0.0.1 through the same launcher as `npm start` (which execs node, so
 * the pid is the server's), with APP_URL on that origin and none of the caller's app settings.
 */
export function spawnServer({ port, env, nodeArgs = [], serverArgs = [], cgroupProcs }: StartOptions): {
  child: ChildProcess;
  url: string;
  exited: Promise<Exit>;
  log: () => string;
} {
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete childEnv[name];
  Object.assign(childEnv, { NODE_ENV: "production", APP_URL: url }, env);
  if (nodeArgs.length > 0) childEnv.SERVER_NODE_ARGS = nodeArgs.join(" ");
  const args = [path.join("scripts", "start-server.sh"), "-p", String(port), "-H", "127.0.0.1", ...serverArgs];
  // In a cgroup, the shell enters it and then becomes the launcher: the same pid throughout.
  const [file, argv]: [string, string[]] = cgroupProcs
    ? ["sh", ["-c", 'echo $$ > "$0" && exec bash "$@"', cgroupProcs, ...args]]
    : ["bash", args];
  const child = spawn(file, argv, {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-LOG_LIMIT);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, url, exited, log: () => output };
}

/**
 * Starts `next start` as the server process itself (through scripts/start-server.sh, as `npm start` does),
 * on 127.0.0.1, with APP_URL on the same origin; resolves once it answers requests. The caller stands
 * in for one proxy in front (TRUSTED_PROXY_HOPS=1, unless `env` says otherwise), so it names each
 * client in X-Forwarded-For.
 */
export async function startApp({
  port,
  env,
  nodeArgs = [],
  serverArgs = [],
  cgroupProcs,
}: StartOptions): Promise<AppServer> {
  assertBuilt();
  const { child, url, exited, log } = spawnServer({
    port,
    env: { MAILBOX_ENABLED: "true", TRUSTED_PROXY_HOPS: "1", ...env },
    nodeArgs,
    serverArgs,
    cgroupProcs,
  });
  return whenReady({ child, url, exited, log }, `${url}/api/auth/csrf`, "next start");
}

/**
 * Waits until a spawned server answers `readyUrl` (for the app, the CSRF route, which answers only
 * once start-up migrations have run), and gives its handle; kills it if it is never ready.
 */
export async function whenReady(
  { child, url, exited, log }: { child: ChildProcess; url: string; exited: Promise<Exit>; log: () => string },
  readyUrl: string,
  name: string,
): Promise<AppServer> {
  let exit: Exit | undefined;
  void exited.then((value) => (exit = value));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not spawn`);

  const stop = async (signal: NodeJS.Signals = "SIGTERM", timeoutMs = 15_000): Promise<Exit> => {
    if (exit) return exit;
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exit) throw new Error(`${name} exited (${exit.code ?? exit.signal}) before it was ready:\n${log()}`);
    const ready = await fetch(readyUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop("SIGKILL");
      throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS} ms:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid, child, exited, log, stop };
}

/** Cookie name=value pairs from a response, merged into a jar. */
function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const separator = pair.indexOf("=");
    if (separator > 0) jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

type MailboxMessage = { to: string; subject: string; text: string };

const MAGIC_LINK = /https?:\/\/\S+\/(?:login\/confirm|api\/auth\/callback\/email)\?\S+/;

/** The sign-in link in an email's text, if it holds one. */
export function magicLinkIn(text: string | null): string | undefined {
  return text?.match(MAGIC_LINK)?.[0];
}

/** The newest sign-in link for the address in the app's local mailbox (/dev/mailbox). */
async function mailboxMagicLink(server: string, email: string, headers: Record<string, string>) {
  const mailRes = await fetch(`${server}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`, { headers });
  const messages: MailboxMessage[] = await mailRes.json();
  return messages.map((message) => magicLinkIn(message.text)).find(Boolean);
}

export type SignInOptions = {
  /** Where each step goes, in turn (CSRF token, form post, mailbox, link); default the app's own URL. Several
   *  instances of one app (one APP_URL) each take a step, so the session spans them. */
  servers?: string[];
  /** Finds the sign-in link sent to the address (default: the local mailbox of the step's server). */
  magicLink?: (email: string) => Promise<string | undefined>;
};

/**
 * Signs in through the real magic link, as a browser would: the CSRF token, the sign-in form post,
 * the link from the local mailbox, and the POST its page makes to the callback (docs/decisions/0140).
 * Returns the Cookie header carrying the session.
 * `ip` is sent as X-Forwarded-For, as a proxy would: each user may come from an address of its own.
 */
export async function signInOverHttp(
  appUrl: string,
  email: string,
  ip: string,
  { servers = [appUrl], magicLink }: SignInOptions = {},
): Promise<string> {
  const jar = new Map<string, string>();
  const headers = () => ({ cookie: cookieHeader(jar), "x-forwarded-for": ip });
  const server = (step: number) => servers[step % servers.length] ?? appUrl;

  const csrfRes = await fetch(`${server(0)}/api/auth/csrf`, { headers: headers() });
  storeCookies(jar, csrfRes);
  const { csrfToken }: { csrfToken: string } = await csrfRes.json();

  const signInRes = await fetch(`${server(1)}/api/auth/signin/email`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded", origin: appUrl },
    body: new URLSearchParams({ email, csrfToken, callbackUrl: `${appUrl}/dashboard`, json: "true" }),
  });
  if (signInRes.status >= 400)
    throw new Error(`sign-in request for ${email} answered ${signInRes.status}: ${await signInRes.text()}`);
  storeCookies(jar, signInRes);

  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    link = magicLink ? await magicLink(email) : await mailboxMagicLink(server(2), email, headers());
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`no sign-in email for ${email}`);

  // The link names APP_URL; the last step may go to one instance behind it. The emailed link opens a
  // confirmation page; signing in is its POST to next-auth's callback.
  const target = new URL(server(3));
  const callbackRes = await fetch(`${target.origin}/api/auth/callback/email${new URL(link).search}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded", origin: new URL(link).origin },
  });
  storeCookies(jar, callbackRes);
  const session = [...jar].find(([name]) => name.endsWith("next-auth.session-token"));
  if (!session) throw new Error(`the sign-in link for ${email} set no session (status ${callbackRes.status})`);
  return `${session[0]}=${session[1]}`;
}

/** Saves `url` over HTTP as the signed-in user (`cookie`) from `ip`, as the app's own pages do; the answer. */
export function postLink(appUrl: string, cookie: string, ip: string, url: string): Promise<Response> {
  return fetch(`${appUrl}/api/links`, {
    method: "POST",
    headers: { cookie, origin: appUrl, "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ url }),
  });
}

/** Every URL in the user's history, following the Link header from page to page. */
export async function historyUrls(baseUrl: string, cookie: string): Promise<string[]> {
  const urls: string[] = [];
  let next: string | null = "/api/links/history?limit=50";
  // Bounded: 1,000 pages of 50 is far more than any test saves.
  for (let page = 0; next && page < 1000; page += 1) {
    const res: Response = await fetch(`${baseUrl}${next}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${next} answered ${res.status}: ${await res.text()}`);
    const links: { url: string }[] = await res.json();
    urls.push(...links.map((link) => link.url));
    next = res.headers.get("link")?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
  }
  return urls;
}
