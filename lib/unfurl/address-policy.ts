import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// Which names the page fetcher (titles and articles of saved links) may look up and which resolved
// addresses it may connect to. Pure. Anything that is not a public unicast address is refused:
// loopback, private, link-local (the cloud metadata service), carrier-grade NAT, unique-local and
// the rest, including IPv6 forms that embed or translate to a refused IPv4 address.

// Special-use names that no public DNS answer may ever give an address for
// (docs/decisions/0183-special-use-names.md): they are refused before any lookup, so a link saved
// under one sends no query anywhere. example.com, .net and .org are not among them: RFC 6761 §6.5
// asks software to treat those as ordinary names.
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

// What follows leans on ipaddr.js for the address forms and its table of special-purpose ranges
// (kept current with the IANA registries). The policy allows, rather than refuses, by name: a
// range that a later version of the table learns to name is refused until it is listed here.

/** Named IPv4 ranges that are public unicast all the same: anycast services anyone may reach. */
const PUBLIC_IPV4_RANGES = new Set(["unicast", "as112", "amt"]);
/** The same for IPv6. */
const PUBLIC_IPV6_RANGES = new Set(["unicast", "as112v6", "amt"]);

// Two ranges the table does not name, so they are spelled out here.
// Global unicast, 2000::/3: the only IPv6 space routed on the internet. The table calls any
// address outside its named ranges "unicast", including unallocated space (4000::1), fe00::/9 and
// the IPv4-compatible ::a.b.c.d, so "unicast" alone does not make an IPv6 address public.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
// NAT64's well-known prefix, 64:ff9b::/96: public translators forward to the IPv4 address in its
// last 32 bits. The table names it "rfc6052" together with the local-use 64:ff9b:1::/48, whose
// translator belongs to a private network: that one is refused whatever address it embeds.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

function isForbiddenIpv4(address: ipaddr.IPv4): boolean {
  return !PUBLIC_IPV4_RANGES.has(address.range());
}

/** The IPv4 address held in two 16-bit groups of an IPv6 address. */
function embeddedIpv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function isForbiddenIpv6(address: ipaddr.IPv6): boolean {
  const [, g1 = 0, g2 = 0, , , , g6 = 0, g7 = 0] = address.parts;
  const range = address.range();
  switch (range) {
    // ::ffff:a.b.c.d, IPv4-mapped: the socket really talks IPv4 to a.b.c.d.
    case "ipv4Mapped":
      return isForbiddenIpv4(address.toIPv4Address());
    // NAT64: only the well-known prefix, and then by the address it embeds.
    case "rfc6052":
      return !address.match(NAT64_WELL_KNOWN) || isForbiddenIpv4(embeddedIpv4(g6, g7));
    // 2002::/16, 6to4: a relay forwards to the IPv4 address in groups 1 and 2.
    case "6to4":
      return isForbiddenIpv4(embeddedIpv4(g1, g2));
    // Teredo is refused with the rest: a tunnel to an obfuscated IPv4 address; no web server needs it.
    default:
      return !PUBLIC_IPV6_RANGES.has(range) || !address.match(GLOBAL_UNICAST);
  }
}

/** True when the page fetcher must not connect to `address`; anything that is not an IP address is refused too. */
export function isForbiddenAddress(address: string): boolean {
  // A zone ("fe80::1%eth0") names an interface, not a different address.
  const bare = address.split("%")[0] ?? "";
  // node:net's isIP first: ipaddr.js also reads the shorthand IPv4 forms ("127.1", "0x7f.0.0.1",
  // "010.0.0.1") that no resolver answers with, and those are refused.
  switch (isIP(bare)) {
    case 4:
      return isForbiddenIpv4(ipaddr.IPv4.parse(bare));
    case 6:
      return isForbiddenIpv6(ipaddr.IPv6.parse(bare));
    default:
      return true;
  }
}
