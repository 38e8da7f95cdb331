import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadStalledError, withStallDeadline } from "@/lib/http/stall-deadline";

/** A source that makes `count` chunks, one per pull, counting the pulls and whether it was cancelled. */
function countingSource(count: number) {
  const state = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulls += 1;
        if (state.pulls > count) controller.close();
        else controller.enqueue(new Uint8Array([state.pulls]));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("withStallDeadline", () => {
  it("passes every chunk through to a reader that keeps reading, and ends once", async () => {
    const { stream, state } = countingSource(3);
    const onEnd = vi.fn();
    const onStall = vi.fn();
    const guarded = withStallDeadline(stream, { stallMs: 1000, onStall, onEnd });
    const chunks: number[] = [];
    const reader = guarded.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(...next.value);
    expect(chunks).toEqual([1, 2, 3]);
    expect(onStall).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(state.cancelled).toBe(false);
  });

  it("asks the source for nothing before its reader asks", async () => {
    vi.useFakeTimers();
    const { stream, state } = countingSource(10);
    const guarded = withStallDeadline(stream, { stallMs: 1000, onStall: () => undefined });
    const reader = guarded.getReader();
    await vi.advanceTimersByTimeAsync(500);
    expect(state.pulls).toBe(0);
    await reader.read();
    await vi.advanceTimersByTimeAsync(500);
    expect(state.pulls).toBe(1);
    await reader.cancel();
  });

  it("ends a stream whose reader stopped: the source is cancelled, the reader sees an error, logged once", async () => {
    vi.useFakeTimers();
    const { stream, state } = countingSource(10);
    const onStall = vi.fn();
    const onEnd = vi.fn();
    const guarded = withStallDeadline(stream, { stallMs: 1000, onStall, onEnd });
    const reader = guarded.getReader();
    await reader.read();
    await vi.advanceTimersByTimeAsync(999);
    expect(state.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.cancelled).toBe(true);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    await expect(reader.read()).rejects.toBeInstanceOf(DownloadStalledError);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(state.pulls).toBe(1);
  });

  it("ends a stream nobody ever reads", async () => {
    vi.useFakeTimers();
    const { stream, state } = countingSource(10);
    const onStall = vi.fn();
    withStallDeadline(stream, { stallMs: 1000, onStall });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(state.cancelled).toBe(true);
  });

  it("does not count a slow source against its reader", async () => {
    vi.useFakeTimers();
    let release: (() => void) | undefined;
    const slow = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          controller.enqueue(new Uint8Array([1]));
        },
      },
      { highWaterMark: 0 },
    );
    const onStall = vi.fn();
    const reader = withStallDeadline(slow, { stallMs: 1000, onStall }).getReader();
    const read = reader.read();
    await vi.advanceTimersByTimeAsync(5000);
    release?.();
    await expect(read).resolves.toEqual({ done: false, value: new Uint8Array([1]) });
    expect(onStall).not.toHaveBeenCalled();
    await reader.cancel();
  });

  it("stops the deadline when the reader cancels", async () => {
    vi.useFakeTimers();
    const { stream, state } = countingSource(10);
    const onStall = vi.fn();
    const onEnd = vi.fn();
    const reader = withStallDeadline(stream, { stallMs: 1000, onStall, onEnd }).getReader();
    await reader.read();
    await reader.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.cancelled).toBe(true);
    expect(onStall).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
