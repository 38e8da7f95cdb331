import { readFileSync } from "node:fs";
import path from "node:path";
import { ORIGIN } from "@/tests/support/factories";

// Uploads for POST /api/import as the Settings card sends them: the file as the raw body, its name
// in ?filename=, and the NDJSON answer read line by line.

export const IMPORT_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

export function fixture(name: string): Buffer {
  return readFileSync(path.join(IMPORT_FIXTURES, name));
}

export function uploadRequest(
  cookie: string | undefined,
  fileName: string,
  body: Uint8Array | string,
  headers: Record<string, string> = {},
  chunkSize = 97,
): Request {
  const all = new Headers(headers);
  if (cookie) all.set("cookie", cookie);
  if (!all.has("origin")) all.set("origin", ORIGIN);
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Small pieces (by default), as a network delivers them, so the readers meet chunk boundaries.
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.subarray(i, i + chunkSize));
      controller.close();
    },
  });
  // Node requires `duplex` for a stream body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex: "half" } = { method: "POST", headers: all, body: stream, duplex: "half" };
  return new Request(`${ORIGIN}/api/import?filename=${encodeURIComponent(fileName)}`, init);
}

export type ImportLine = {
  done?: true;
  processed?: number;
  imported?: number;
  skipped?: number;
  errors?: number;
  bytesRead?: number;
  format?: string | null;
  problems?: { line: number; reason: string }[];
  error?: string | null;
  feeds?: { subscribed: number; alreadySubscribed: number; cut: number; cutBecause: string | null };
};

/** Every NDJSON line of an import answer; the last one is the summary. */
export async function importLines(res: Response): Promise<ImportLine[]> {
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line): ImportLine => JSON.parse(line));
}
