import "server-only";
import { badRequest, payloadTooLarge } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, ImportFileError, ImportTooLargeError, startImport } from "@/lib/import/import-links";
import { enforceRateLimits, type RateLimitRule } from "@/lib/rate-limit";
import { logError } from "@/lib/request-log";

// POST /api/import: the upload is the request body (any Content-Type; the file name in ?filename=),
// read as it arrives. The answer streams NDJSON: a line {processed, imported, skipped, errors,
// bytesRead} after each batch, then the summary with done: true.

export const IMPORT_RATE_LIMIT: RateLimitRule = { name: "import:user", limit: 30, windowSeconds: 3600 };

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}

export async function importResponse(req: Request, user: User, fileName: string, requestId: string): Promise<Response> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) throw payloadTooLarge(IMPORT_TOO_LARGE_MESSAGE);
  if (!req.body) throw badRequest("Choose a file to import.");
  await enforceRateLimits([{ rule: IMPORT_RATE_LIMIT, subject: user.id }], "You have started many imports this hour. Please try again later.");
  let started;
  try {
    started = await startImport(user, chunksOf(req.body), fileName);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    throw error instanceof ImportTooLargeError ? payloadTooLarge(error.message) : badRequest(error.message);
  }
  const { run } = started;
  const encoder = new TextEncoder();
  // A reader that went away (a closed tab) stops the progress lines, not the import.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: object) => {
        if (!cancelled) controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      };
      try {
        send(await run((progress) => send(progress)));
      } catch (error) {
        logError({ requestId, method: "POST", path: "/api/import", error });
        send({ done: true, error: "The import stopped because of a server error. Links imported so far are kept; import the file again to add the rest." });
      }
      if (!cancelled) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
}
