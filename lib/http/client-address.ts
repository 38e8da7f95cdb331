import { isIP } from "node:net";

// Which address a request comes from, for per-address rate limits (docs/decisions/0160). Pure: the
// socket address and the X-Forwarded-For header are read by the caller.

/** Longest X-Forwarded-For read: a chain of a few proxies is far shorter; anything longer is junk. */
const MAX_FORWARDED_FOR_LENGTH = 2048;

/**
 * An address as a proxy or the socket reports it, in one spelling: IPv4-mapped IPv6 as IPv4,
 * brackets and a port dropped ("[2001:db8::1]:443", "203.0.113.7:5678"). Null when it is no address.
 */
export function normaliseAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return value.toLowerCase();
  return null;
}

/**
 * The client address behind `hops` trusted proxies: each appends the address it received the
 * request from, so the Nth entry from the right was written by the outermost trusted proxy and
 * everything left of it may be the client's own invention. With fewer entries than hops, every one
 * came from a trusted proxy and the leftmost is the furthest seen.
 */
export function forwardedClientAddress(header: string | null, hops: number): string | null {
  if (hops < 1 || !header || header.length > MAX_FORWARDED_FOR_LENGTH) return null;
  const entries = header.split(",");
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry === undefined ? null : normaliseAddress(entry);
}

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail ("::1.2.3.4") stands for two groups.
  const last = right.length > 0 ? right : left;
  const ipv4 = last.at(-1);
  if (ipv4?.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4.split(".").map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => "0"), ...right];
}

/**
 * The subject a per-address limit counts: an IPv4 address as is, an IPv6 address as its /64 (one
 * subscriber's whole network: anyone holding one may pick any of its 2^64 addresses per request).
 */
export function addressSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
