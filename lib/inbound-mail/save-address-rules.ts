// A user's save address (docs/decisions/0325): `<key>@<INBOUND_EMAIL_DOMAIN>`, the key 26 letters
// and digits of base32 (128 random bits), so the address is its own secret. Pure: the service
// makes keys, the listener and the webhook read recipients with these.

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 26 characters: 16 random bytes in lower-case base32 (RFC 4648 alphabet, no padding). */
export const ADDRESS_KEY_LENGTH = 26;

const KEY_PATTERN = new RegExp(`^[a-z2-7]{${ADDRESS_KEY_LENGTH}}$`);

/** 16 random bytes as a key. */
export function encodeAddressKey(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error("an address key is made of 16 bytes");
  let bits = 0;
  let value = 0;
  let key = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      key += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) key += BASE32[(value << (5 - bits)) & 31];
  return key;
}

export function saveAddress(key: string, domain: string): string {
  return `${key}@${domain}`;
}

/**
 * The key a recipient names, or null when it is not a save address of `domain`: another domain, or
 * a local part that is not a key. Case does not matter (mail clients change it), nor a `+tag`
 * (the user's own label) or angle brackets around the address.
 */
export function addressKeyOf(recipient: string, domain: string): string | null {
  const address = recipient
    .trim()
    .replace(/^<(.*)>$/, "$1")
    .toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0 || address.slice(at + 1) !== domain.toLowerCase()) return null;
  const [key = ""] = address.slice(0, at).split("+");
  return KEY_PATTERN.test(key) ? key : null;
}
