import "server-only";
import { env } from "@/lib/env";
import { addressSubject, forwardedClientAddress, normaliseAddress } from "@/lib/http/client-address";
import { socketAddress } from "@/lib/http/socket-address";

/**
 * The client address a per-address limit counts (docs/decisions/0160): with TRUSTED_PROXY_HOPS=0
 * the socket's own, else what the outermost trusted proxy wrote into X-Forwarded-For; an IPv6
 * client as its /64. Null when unknown: per-address rules are then skipped rather than putting
 * every visitor in one shared bucket.
 */
export function clientIp(req: Request): string | null {
  const hops = env.trustedProxyHops;
  const raw = hops === 0 ? socketAddress() : forwardedClientAddress(req.headers.get("x-forwarded-for"), hops);
  const address = raw === null ? null : normaliseAddress(raw);
  return address === null ? null : addressSubject(address);
}
