import { isIP } from "node:net";

// Which names the title fetcher may look up and which resolved addresses it may connect to
// (DESIGN §3 "Link titles"). Pure. Anything that is not a public unicast address is refused,
// including IPv6 forms that embed or translate to a refused IPv4 address.

// Special-use names that no public DNS answer may ever give an address for (decision 0183): they
// are refused before any lookup, so a link saved under one sends no query anywhere. example.com,
// .net and .org are not among them: RFC 6761 §6.5 asks software to treat those as ordinary names.
const SPECIAL_USE_DOMAINS = [
  "test", // RFC 6761 §6.2
  "localhost", // RFC 6761 §6.3
  "invalid", // RFC 6761 §6.4
  "example", // RFC 6761 §6.5 (the top-level name, which is not delegated)
  "local", // RFC 6762, multicast DNS on the local link
  "onion", // RFC 7686: Tor; software without Tor must not look it up
  "alt", // RFC 9476, names outside the DNS
  "home.arpa", // RFC 8375, home networks
  "internal", // ICANN, 2024: private networks
];

/** True for a host name under a special-use domain (the name as the URL parser spells it). */
export function isSpecialUseName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return SPECIAL_USE_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

type Ipv4Range = readonly [base: string, prefix: number];

const FORBIDDEN_IPV4: readonly Ipv4Range[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, including the 169.254.169.254 cloud metadata service
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including the 255.255.255.255 broadcast
];

/** A dotted-quad address as an unsigned 32-bit number; the caller has checked it with isIP. */
function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}

const FORBIDDEN_IPV4_SPANS = FORBIDDEN_IPV4.map(([base, prefix]) => ({
  start: ipv4ToNumber(base),
  size: 2 ** (32 - prefix),
}));

function isForbiddenIpv4(value: number): boolean {
  return FORBIDDEN_IPV4_SPANS.some(({ start, size }) => value >= start && value < start + size);
}

/** The eight 16-bit groups of a valid IPv6 address (zone already removed). */
function ipv6Groups(address: string): number[] {
  let text = address;
  // A trailing dotted quad ("::ffff:127.0.0.1") stands for the last two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const value = ipv4ToNumber(tail);
    text = `${text.slice(0, lastColon + 1)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const headGroups = parse(head);
  if (rest === undefined) return headGroups;
  const tailGroups = parse(rest);
  return [...headGroups, ...new Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

function embeddedIpv4(high: number, low: number): number {
  return high * 65536 + low;
}

function isForbiddenIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  // ::ffff:a.b.c.d, IPv4-mapped: the socket really talks IPv4 to a.b.c.d.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return isForbiddenIpv4(embeddedIpv4(g6, g7));
  }
  // 64:ff9b::/96, NAT64: a translator forwards to the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isForbiddenIpv4(embeddedIpv4(g6, g7));
  }
  // Only global unicast (2000::/3) is reachable on the internet. Outside it: ::, ::1, IPv4-compatible
  // ::a.b.c.d, local-use NAT64 64:ff9b:1::/48, fc00::/7 unique-local, fe80::/10 link-local,
  // ff00::/8 multicast and the reserved rest.
  if ((g0 & 0xe000) !== 0x2000) return true;
  // 2002::/16, 6to4: a relay forwards to the IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return isForbiddenIpv4(embeddedIpv4(g1, g2));
  // 2001::/32, Teredo: a tunnel to an obfuscated IPv4 address; no web server needs it.
  return g0 === 0x2001 && g1 === 0;
}

/** True when the title fetcher must not connect to `address`; anything that is not an IP address is refused too. */
export function isForbiddenAddress(address: string): boolean {
  // A zone ("fe80::1%eth0") names an interface, not a different address.
  const bare = address.split("%")[0] ?? "";
  switch (isIP(bare)) {
    case 4:
      return isForbiddenIpv4(ipv4ToNumber(bare));
    case 6:
      return isForbiddenIpv6(ipv6Groups(bare));
    default:
      return true;
  }
}
