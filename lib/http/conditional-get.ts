import { createHash } from "node:crypto";

// Conditional GET (RFC 9110, 8.8 and 13.1) for the feeds that readers poll: a validator made from
// what the feed shows, and whether the reader's copy is still that. Pure.

/** What a feed's answer is validated by: its entity tag and when it last changed. */
export type Validator = { etag: string; lastModified: Date };

/**
 * A weak entity tag of `parts` (RFC 9110, 8.8.3): weak because the validator stands for what the
 * feed says, not for its bytes (an OPDS feed writes the time it was asked for).
 */
export function weakEtag(parts: readonly (string | number)[]): string {
  return `W/"${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 27)}"`;
}

const ENTITY_TAG = /(?:W\/)?"([^"]*)"/g;

const opaqueTag = (etag: string) => etag.replace(/^W\//, "");

/**
 * Whether the reader's copy is current: If-None-Match by weak comparison when sent (If-Modified-Since
 * is then ignored), else If-Modified-Since, to the second. `If-None-Match: *` never matches: it
 * guards writes, and a feed is then answered whole.
 */
export function isNotModified(request: Headers, validator: Validator): boolean {
  const ifNoneMatch = request.get("if-none-match");
  if (ifNoneMatch !== null) {
    const current = opaqueTag(validator.etag);
    return [...ifNoneMatch.matchAll(ENTITY_TAG)].some((match) => `"${match[1] ?? ""}"` === current);
  }
  const ifModifiedSince = Date.parse(request.get("if-modified-since") ?? "");
  if (Number.isNaN(ifModifiedSince)) return false;
  return Math.floor(validator.lastModified.getTime() / 1000) * 1000 <= ifModifiedSince;
}

/** The answer's ETag and Last-Modified headers. */
export function validatorHeaders(validator: Validator): { etag: string; "last-modified": string } {
  return { etag: validator.etag, "last-modified": validator.lastModified.toUTCString() };
}

/** 304 Not Modified with no body, carrying the headers the 200 would have (RFC 9110, 15.4.5). */
export function notModified(headers: Record<string, string>): Response {
  const kept = Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type");
  return new Response(null, { status: 304, headers: Object.fromEntries(kept) });
}
