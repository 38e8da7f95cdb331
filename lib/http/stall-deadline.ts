// A streamed answer nobody reads must not hold the server's memory (or a build slot) for ever: a
// client that took the headers and stopped reading leaves the producer waiting on back-pressure
// with what it had made. The guard below ends such a stream once its reader has not asked for the
// next chunk for `stallMs` (docs/product.md, "Downloads").

export type StallDeadline = {
  /** How long the reader may leave the next chunk untaken. */
  stallMs: number;
  /** Called once when the deadline passes (to log it), before the source is cancelled. */
  onStall: () => void;
  /** Called once when the stream ends in any way: finished, failed, cancelled or stalled. */
  onEnd?: () => void;
  /** Called when the source failed to stop once stalled (the answer itself is already ended). */
  onCancelFailed?: (error: unknown) => void;
};

export class DownloadStalledError extends Error {
  constructor(stallMs: number) {
    super(`The download was not read for ${Math.round(stallMs / 1000)} s and was ended.`);
    this.name = "DownloadStalledError";
  }
}

/**
 * `source` as a stream that asks its source for a chunk only when its own reader asks for one
 * (nothing is read ahead), and that cancels the source and errors when the reader has not asked
 * for `stallMs` since the stream started or since the last chunk was handed over.
 */
export function withStallDeadline(
  source: ReadableStream<Uint8Array>,
  { stallMs, onStall, onEnd, onCancelFailed }: StallDeadline,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const end = () => {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    onEnd?.();
  };
  const arm = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    timer = setTimeout(() => {
      if (ended) return;
      onStall();
      const error = new DownloadStalledError(stallMs);
      controller.error(error);
      end();
      reader.cancel(error).catch((failure: unknown) => onCancelFailed?.(failure));
    }, stallMs);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        arm(controller);
      },
      async pull(controller) {
        clearTimeout(timer);
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          end();
          throw error;
        }
        if (ended) return;
        if (next.done) {
          end();
          controller.close();
          return;
        }
        controller.enqueue(next.value);
        arm(controller);
      },
      async cancel(reason) {
        end();
        await reader.cancel(reason);
      },
    },
    // No queue of its own: a chunk is asked of the source only for a reader waiting for it.
    { highWaterMark: 0 },
  );
}
