import { badRequest } from "@/lib/http/errors";

// GET /api/entries/exists's query as wallabag's apps write it: `url` or `hashed_url` for one,
// `urls[]` or `hashed_urls[]` repeated for several (OkHttp sends the brackets encoded, which
// URLSearchParams decodes), `return_id=1` for numbers instead of true and false.

export type ExistsQuery = { urls: string[]; hashes: string[]; batch: boolean; returnId: boolean };

/** The most addresses and hashes one request may ask about (the Android app sends about 90). */
export const MAX_EXISTS_KEYS = 500;

export const NOTHING_TO_LOOK_UP_MESSAGE = "Send url, hashed_url, urls[] or hashed_urls[].";
export const TOO_MANY_KEYS_MESSAGE = `Ask about at most ${MAX_EXISTS_KEYS} addresses at once.`;

export function existsQueryOf(params: URLSearchParams): ExistsQuery {
  const returnId = ["1", "true"].includes(params.get("return_id") ?? "");
  const urls = params.getAll("urls[]").filter((value) => value.trim() !== "");
  const hashes = params.getAll("hashed_urls[]").filter((value) => value.trim() !== "");
  if (urls.length + hashes.length > MAX_EXISTS_KEYS) throw badRequest(TOO_MANY_KEYS_MESSAGE);
  if (urls.length > 0 || hashes.length > 0) return { urls, hashes, batch: true, returnId };
  const url = params.get("url")?.trim();
  const hash = params.get("hashed_url")?.trim();
  if (!url && !hash) throw badRequest(NOTHING_TO_LOOK_UP_MESSAGE);
  return { urls: url ? [url] : [], hashes: hash ? [hash] : [], batch: false, returnId };
}
