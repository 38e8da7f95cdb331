import "server-only";
import { env } from "@/lib/env";
import { logFailure, logInfo } from "@/lib/log/log";
import { withStallDeadline } from "@/lib/http/stall-deadline";

/**
 * Every streamed download goes out through here: a reader that stops taking it for
 * DOWNLOAD_STALL_SECONDS ends it, which stops its producer and frees what it held (logged once).
 * `onEnd` runs once however the download ends.
 */
export function streamedDownload(
  source: ReadableStream<Uint8Array>,
  what: { kind: string; userId: string; onEnd?: () => void },
): ReadableStream<Uint8Array> {
  const stallSeconds = env.downloadStallSeconds;
  return withStallDeadline(source, {
    stallMs: stallSeconds * 1000,
    onStall: () => logInfo("download ended: not read", { kind: what.kind, userId: what.userId, stallSeconds }),
    onEnd: what.onEnd,
    onCancelFailed: (error) =>
      logFailure("download's work did not stop", {
        kind: what.kind,
        userId: what.userId,
        error: error instanceof Error ? error.message : String(error),
      }),
  });
}
