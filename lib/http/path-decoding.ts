// Pure: whether Next's router can decode a request path. It decodes each dynamic segment with
// decodeURIComponent, and a segment that does not decode (a cut-off "%E0%A4%A", a stray "%", the
// encoded surrogate "%ED%A0%80") made `next start` answer 500.

/** Whether every segment of a raw (still encoded) path decodes. */
export function isDecodablePath(pathname: string): boolean {
  return pathname.split("/").every((segment) => {
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}

export const UNDECODABLE_PATH_MESSAGE = "The address is not valid: it holds a malformed %-encoding.";
