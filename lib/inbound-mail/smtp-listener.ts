import "server-only";
import type { Socket } from "node:net";
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import { env } from "@/lib/env";
import { logFailure, logInfo } from "@/lib/log/log";
import {
  admitMail,
  type DeliveryOutcome,
  deliverToUser,
  findRecipient,
  MAX_MAIL_BYTES,
} from "@/lib/inbound-mail/deliver-mail";

// The built-in SMTP listener for self-hosting (docs/decisions/0327): the MX host of
// INBOUND_EMAIL_DOMAIN, receiving mail for save addresses only. No AUTH and no relaying: it takes
// one save address per message, refuses an unknown one at RCPT (550), a message over 10 MB (552,
// from the SIZE announcement or the stream itself), a busy address for now (450), and says why a
// message saves nothing at the end of DATA (550 or 554). Nothing a client sends can end the process,
// and no client can hold it (decision 0351): a few connections per client address, and a session
// that has not ended within the deadline is closed, whatever it sends.

/** Connections at once, for this process: more wait for the next try (421). */
const MAX_CLIENTS = 50;
/** Connections at once from one address: a mail server sends over a few; more wait (421). */
export const MAX_CLIENTS_PER_ADDRESS = 5;
/** An idle connection is closed after this. */
const SOCKET_TIMEOUT_MS = 60_000;
/** How long a stop waits for open connections. */
const CLOSE_TIMEOUT_MS = 10_000;

type Reply = Error & { responseCode: number };

const reply = (responseCode: number, message: string): Reply => Object.assign(new Error(message), { responseCode });

/** The SMTP reply to a delivery that did not save: permanent (5xx) or temporary (4xx). */
export function replyTo(outcome: Exclude<DeliveryOutcome, { status: "saved" }>): Reply {
  if (outcome.status === "deferred") return reply(outcome.reason === "limit" ? 450 : 451, outcome.message);
  switch (outcome.reason) {
    case "unknown-recipient":
      return reply(550, outcome.message);
    case "too-large":
      return reply(552, outcome.message);
    case "malformed":
    case "too-complex":
      return reply(554, outcome.message);
    default:
      return reply(550, outcome.message);
  }
}

/** Reads the DATA stream, keeping at most MAX_MAIL_BYTES (the rest is drained and the server answers 552). */
function readSource(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on("data", (chunk: Buffer) => {
      if (kept + chunk.length > MAX_MAIL_BYTES) return;
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.once("error", reject);
    stream.once("end", () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
  });
}

async function onRcptTo(address: string, session: SMTPServerSession): Promise<Reply | null> {
  const user = await findRecipient(address);
  if (!("id" in user)) return user.status === "saved" ? null : replyTo(user);
  const refusal = await admitMail(user);
  if (refusal && refusal.status !== "saved") return replyTo(refusal);
  logInfo("inbound mail accepted for delivery", { userId: user.id, connection: session.id });
  return null;
}

async function onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<Reply | string> {
  const source = await readSource(stream);
  // Over the limit: the server answers 552 itself (rejectOversized), whatever is returned here.
  if (source === null) return reply(552, "The message is larger than 10 MB.");
  const [recipient] = session.envelope.rcptTo;
  if (!recipient) return reply(503, "No recipient.");
  // Read again: the address may have been replaced since RCPT (then it is unknown now).
  const user = await findRecipient(recipient.address);
  if (!("id" in user)) return user.status === "saved" ? "OK" : replyTo(user);
  const mailFrom = session.envelope.mailFrom;
  const outcome = await deliverToUser(user, { envelopeSender: mailFrom ? mailFrom.address : null, source });
  return outcome.status === "saved" ? `OK: saved to LinkStash (${outcome.saved.kind})` : replyTo(outcome);
}

/** Turns a handler's promise into smtp-server's callback; an unexpected error is a temporary failure. */
function answer<T>(work: Promise<T | Reply | null>, callback: (error?: Error | null, message?: string) => void) {
  work.then(
    (result) => {
      if (result instanceof Error) callback(result);
      else callback(null, typeof result === "string" ? result : undefined);
    },
    (error: unknown) => {
      logFailure("smtp listener handler failed", { error: error instanceof Error ? error.message : String(error) });
      callback(reply(451, "Local error: please try again later."));
    },
  );
}

export const BUSY_ADDRESS_MESSAGE = "Too many connections from your address: please try again in a moment.";
export const SESSION_DEADLINE_MESSAGE = "Session time limit reached, closing connection.";

/** Counts each client address's open connections; a session over the cap is refused (421). */
function clientCap() {
  const open = new Map<string, number>();
  const counted = new Map<string, string>();
  return {
    connect(session: SMTPServerSession): Reply | null {
      const address = session.remoteAddress;
      const count = open.get(address) ?? 0;
      if (count >= MAX_CLIENTS_PER_ADDRESS) return reply(421, BUSY_ADDRESS_MESSAGE);
      open.set(address, count + 1);
      counted.set(session.id, address);
      return null;
    },
    close(session: SMTPServerSession): void {
      const address = counted.get(session.id);
      if (address === undefined) return;
      counted.delete(session.id);
      const count = (open.get(address) ?? 1) - 1;
      if (count > 0) open.set(address, count);
      else open.delete(address);
    },
  };
}

/** Closes `socket` once `deadlineMs` have passed since it connected, telling the client why. */
function endAtDeadline(socket: Socket, deadlineMs: number): void {
  const timer = setTimeout(() => {
    socket.end(`421 ${SESSION_DEADLINE_MESSAGE}\r\n`);
    // A client that does not read its reply is not waited for.
    setTimeout(() => socket.destroy(), 1000).unref();
  }, deadlineMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

export async function createSmtpListener(sessionSeconds: number): Promise<SMTPServer> {
  const { SMTPServer } = await import("smtp-server");
  const cap = clientCap();
  const server = new SMTPServer({
    name: env.inboundEmailDomain,
    banner: "LinkStash save by email",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    hideSTARTTLS: true,
    size: MAX_MAIL_BYTES,
    rejectOversized: true,
    maxRecipients: 1,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    disableReverseLookup: true,
    logger: false,
    onConnect: (session, callback) => callback(cap.connect(session)),
    onClose: (session) => cap.close(session),
    onRcptTo: (address, session, callback) => answer(onRcptTo(address.address, session), callback),
    onData: (stream, session, callback) => {
      // The stream must be read to its end whatever happens, or the connection stalls.
      answer(
        onData(stream, session).catch((error: unknown) => {
          stream.resume();
          throw error;
        }),
        callback,
      );
    },
  });
  server.server.on("connection", (socket: Socket) => endAtDeadline(socket, sessionSeconds * 1000));
  return server;
}

/**
 * Starts the listener when INBOUND_SMTP_PORT is set; returns its stop. A port that cannot be opened
 * (taken by another instance on this host) is logged and the app serves on without it.
 */
export async function startSmtpListener(): Promise<() => Promise<void>> {
  const config = env.inboundSmtp;
  if (!config) return async () => {};
  const server = await createSmtpListener(config.sessionSeconds);
  // Socket-level errors (a reset connection) end that connection only.
  server.on("error", (error: Error) => logFailure("smtp listener error", { error: error.message }));
  const listening = await new Promise<boolean>((resolve) => {
    const net = server.listen(config.port, config.host, () => resolve(true));
    net.once("error", (error: Error) => {
      logFailure("smtp listener not started", { port: config.port, error: error.message });
      resolve(false);
    });
  });
  if (listening) logInfo("smtp listener started", { port: config.port, host: config.host });
  return () => new Promise<void>((resolve) => (listening ? server.close(() => resolve()) : resolve()));
}
