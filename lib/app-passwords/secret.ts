import { randomBytes } from "node:crypto";

// An app password is typed by hand, often on an e-reader's keyboard: 16 characters of Crockford's
// base 32 (lower case, no i, l, o or u), in four groups of four, 80 random bits. What a person
// types is read leniently: case, spaces and dashes do not count, and the letters Crockford's
// alphabet leaves out because they look like digits (o, i, l) are read as the digits (0, 1).

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const GROUPS = 4;
const GROUP_LENGTH = 4;
const LENGTH = GROUPS * GROUP_LENGTH;

/** A new app password, grouped for reading: `7k2m-q9xd-4hft-b3zw`. */
export function newAppPassword(bytes: Uint8Array = randomBytes(LENGTH)): string {
  if (bytes.length < LENGTH) throw new Error(`an app password takes ${LENGTH} random bytes`);
  // Each byte gives one character from its low five bits: 32 divides 256, so none is likelier.
  const characters = Array.from(bytes.subarray(0, LENGTH), (byte) => ALPHABET.charAt(byte % ALPHABET.length));
  const groups: string[] = [];
  for (let i = 0; i < LENGTH; i += GROUP_LENGTH) groups.push(characters.slice(i, i + GROUP_LENGTH).join(""));
  return groups.join("-");
}

/**
 * What a typed password means: its 16 characters, or null when it cannot be an app password (so it
 * is refused without a lookup).
 */
export function normalizeAppPassword(typed: string): string | null {
  const compact = typed.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
  if (compact.length !== LENGTH) return null;
  for (const character of compact) if (!ALPHABET.includes(character)) return null;
  return compact;
}

/** The first group: shown in the list so the owner can tell app passwords apart. */
export function appPasswordPrefix(normalized: string): string {
  return normalized.slice(0, GROUP_LENGTH);
}
