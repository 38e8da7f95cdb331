import { afterEach, describe, expect, it, vi } from "vitest";
import { BuildSlots } from "@/lib/epub/build-slots";

afterEach(() => {
  vi.useRealTimers();
});

describe("BuildSlots", () => {
  it("grants up to its capacity at once, then refuses after the wait", async () => {
    vi.useFakeTimers();
    const slots = new BuildSlots(2, 5);
    const first = await slots.acquire({ owner: "a", waitMs: 0 });
    const second = await slots.acquire({ owner: "b", waitMs: 0 });
    expect(first.ok && second.ok).toBe(true);
    const third = slots.acquire({ owner: "c", waitMs: 1000 });
    expect(slots.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(third).resolves.toEqual({ ok: false, reason: "busy" });
    expect(slots.waiting).toBe(0);
    expect(slots.active).toBe(2);
  });

  it("hands a released slot to the first waiter, never above capacity", async () => {
    const slots = new BuildSlots(1, 5);
    const first = await slots.acquire({ owner: "a", waitMs: 0 });
    const waiting = slots.acquire({ owner: "b", waitMs: Infinity });
    if (!first.ok) throw new Error("the first slot was refused");
    first.release();
    // A newcomer arriving at the hand-over waits behind the waiter.
    const late = slots.acquire({ owner: "c", waitMs: Infinity });
    const second = await waiting;
    expect(second.ok).toBe(true);
    expect(slots.active).toBe(1);
    expect(slots.waiting).toBe(1);
    if (second.ok) second.release();
    expect((await late).ok).toBe(true);
    expect(slots.active).toBe(1);
  });

  it("refuses an owner past its share at once, waiting counted", async () => {
    const slots = new BuildSlots(1, 2);
    const first = await slots.acquire({ owner: "a", waitMs: 0 });
    const queued = slots.acquire({ owner: "a", waitMs: Infinity });
    await expect(slots.acquire({ owner: "a", waitMs: Infinity })).resolves.toEqual({
      ok: false,
      reason: "owner busy",
    });
    if (first.ok) first.release();
    const second = await queued;
    expect(second.ok).toBe(true);
    if (second.ok) second.release();
    expect((await slots.acquire({ owner: "a", waitMs: 0 })).ok).toBe(true);
  });

  it("does not count background work against any owner, and a release twice frees one slot", async () => {
    const slots = new BuildSlots(2, 1);
    const one = await slots.acquire({ owner: null, waitMs: 0 });
    const two = await slots.acquire({ owner: null, waitMs: 0 });
    expect(one.ok && two.ok).toBe(true);
    if (one.ok) {
      one.release();
      one.release();
    }
    expect(slots.active).toBe(1);
  });
});
