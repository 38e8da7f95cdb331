// Pure: the path to come back to after signing in. Only same-origin paths are accepted; anything
// else (absolute URLs, protocol-relative `//host`, backslash tricks) falls back to the dashboard.

export const DEFAULT_RETURN_PATH = "/dashboard";

export function safeReturnPath(value: string | null | undefined): string {
  if (!value) return DEFAULT_RETURN_PATH;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return DEFAULT_RETURN_PATH;
  // Control characters could smuggle a different target past browsers' URL parsers.
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_PATH;
  try {
    const parsed = new URL(value, "http://linkstash.invalid");
    if (parsed.origin !== "http://linkstash.invalid") return DEFAULT_RETURN_PATH;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
