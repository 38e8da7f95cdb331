// Reads an HTTP Link header (RFC 8288), as GET /api/links/history sends it for its next page.

/** The target of the rel="next" link, or null when there is none. */
export function nextLinkTarget(header: string | null): string | null {
  if (!header) return null;
  for (const entry of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(entry);
    if (!match) continue;
    const [, target = "", params = ""] = match;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (relations.includes("next")) return target;
  }
  return null;
}
