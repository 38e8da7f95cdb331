import { createHash } from "node:crypto";

// The sender of a user's Kindle books (decision 0361). Amazon delivers only mail from addresses the
// Kindle's owner approved; had every user's books come from one address, approving it would let any
// other user deliver into your library. So each user's books come from an address of their own:
// EMAIL_FROM's local part with a sub-address tag derived from the user's id. Pure.

const TAG_LENGTH = 10;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** A short, stable tag for a user: 50 bits of the SHA-256 of their id, lower-case base32. */
export function kindleSenderTag(userId: string): string {
  const digest = createHash("sha256").update(`kindle-sender:${userId}`).digest();
  let tag = "";
  for (let i = 0; i < TAG_LENGTH; i += 1) {
    const bitOffset = i * 5;
    const byte = bitOffset >> 3;
    const pair = ((digest[byte] ?? 0) << 8) | (digest[byte + 1] ?? 0);
    tag += BASE32[(pair >> (11 - (bitOffset & 7))) & 31];
  }
  return tag;
}

export type KindleSender = {
  /** The bare address the user approves at Amazon. */
  address: string;
  /** The From header: EMAIL_FROM's display name, if any, with that address. */
  from: string;
};

/**
 * `emailFrom` ("LinkStash <digest@example.com>" or "digest@example.com") with the user's tag as a
 * sub-address: "digest+kindle-<tag>@example.com" (a local part that already holds a "+" gets
 * "-kindle-<tag>" instead, so it keeps one separator).
 */
export function kindleSender(emailFrom: string, userId: string): KindleSender {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(emailFrom);
  const name = named?.[1] ?? "";
  const bare = (named?.[2] ?? emailFrom).trim();
  const at = bare.lastIndexOf("@");
  const local = at > 0 ? bare.slice(0, at) : bare;
  const domain = at > 0 ? bare.slice(at) : "";
  const address = `${local}${local.includes("+") ? "-" : "+"}kindle-${kindleSenderTag(userId)}${domain}`;
  return { address, from: name ? `${name} <${address}>` : address };
}
