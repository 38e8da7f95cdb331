import "server-only";
import { badRequest, HttpError, payloadTooLarge } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import {
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE_MESSAGE,
  ImportFileError,
  ImportLimitError,
  startImport,
} from "@/lib/import/import-links";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { logError } from "@/lib/log/log";

// POST /api/import: the upload is the request body (any Content-Type; the file name in ?filename=),
// read as it arrives. A file we cannot read is 400, one past a limit 413 or 422 (lib/import/limits.ts),
// each with a message that says why. Otherwise the answer streams NDJSON: a line {processed,
// imported, skipped, errors, bytesRead} after each batch, then the summary with done: true.

export const IMPORT_RATE_LIMIT: RateLimitRule = { name: "import:user", limit: 30, windowSeconds: 3600 };

/** The request body, chunk by chunk; the reader stays usable after a consumer stops early. */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
}

/**
 * Reads what is left of an upload that was refused or stopped early and drops it, up to the upload
 * limit: a browser still sending its body may otherwise see the connection reset, not the answer.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let bytes = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      bytes += next.value.length;
      if (bytes > IMPORT_MAX_BYTES) break;
    }
  } catch {
    // The client went away mid-upload: nothing is left to drop, and nobody waits for the answer.
    return;
  }
  await reader.cancel();
}

export async function importResponse(req: Request, user: User, fileName: string, requestId: string): Promise<Response> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) throw payloadTooLarge(IMPORT_TOO_LARGE_MESSAGE);
  if (!req.body) throw badRequest("Choose a file to import.");
  await enforceRateLimits(
    [{ rule: IMPORT_RATE_LIMIT, subject: user.id }],
    "You have started many imports this hour. Please try again later.",
  );
  const reader = req.body.getReader();
  let started;
  try {
    started = await startImport(user, chunksOf(reader), fileName);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await discardRest(reader);
    if (error instanceof ImportLimitError)
      throw new HttpError(error.status, error.message, error.status === 413 ? "payload_too_large" : "import_limit");
    throw badRequest(error.message);
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
        const summary = await run((progress) => send(progress));
        await discardRest(reader);
        send(summary);
      } catch (error) {
        logError({ requestId, method: "POST", path: "/api/import", error });
        send({
          done: true,
          error:
            "The import stopped because of a server error. Links imported so far are kept; import the file again to add the rest.",
        });
      }
      if (!cancelled) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}
