// HTTP Basic credentials (RFC 7617), as OPDS readers send them. Pure.

/** The username and password of an `Authorization: Basic …` header, or null. */
export function basicCredentials(header: string | null): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
