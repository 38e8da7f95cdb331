import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";

// The connecting socket's address, for TRUSTED_PROXY_HOPS=0 (docs/decisions/0160). Route handlers
// see a Web Request without the socket, and `next start` only fills X-Forwarded-For from the socket
// when the client sent none (`??=`): a client-set header passes through unchanged. So every
// incoming request is handled inside an AsyncLocalStorage scope holding its socket's address, which
// no header can forge. Installed at start-up (instrumentation); requests that arrived before that,
// and runtimes without Node's HTTP server, have no address here.

type SocketAddressState = { storage: AsyncLocalStorage<string>; installed: boolean };

declare global {
  var linkstashSocketAddress: SocketAddressState | undefined;
}

// One instance per process: instrumentation and the route bundles load this module separately.
const state = (globalThis.linkstashSocketAddress ??= { storage: new AsyncLocalStorage<string>(), installed: false });

/** Wraps every HTTP server's "request" event in a scope holding the socket's address. Idempotent. */
export function captureSocketAddresses(): void {
  if (state.installed) return;
  state.installed = true;
  const emit: (this: http.Server, event: string, ...args: unknown[]) => boolean = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithSocketAddress(
    this: http.Server,
    event: string,
    ...args: unknown[]
  ): boolean {
    const [req] = args;
    const address = event === "request" && req instanceof http.IncomingMessage ? req.socket.remoteAddress : undefined;
    if (address === undefined) return emit.call(this, event, ...args);
    return state.storage.run(address, () => emit.call(this, event, ...args));
  };
}

/** The address of the socket the current request arrived on, when known. */
export function socketAddress(): string | null {
  return state.storage.getStore() ?? null;
}
