import { describe, expect, it } from "vitest";
import { WorkSlots } from "@/lib/articles/work-slots";

const MB = 1024 * 1024;

describe("WorkSlots", () => {
  it("starts no more jobs than the concurrency cap", () => {
    const slots = new WorkSlots({ concurrency: 2, maxBytes: 100 * MB });
    slots.reserve(MB);
    slots.reserve(MB);
    expect(slots.canStart(MB)).toBe(false);
    expect(() => slots.reserve(MB)).toThrow(/no free work slot/);
  });

  it("holds no more bytes than the cap, reserving a page's maximum before its fetch", () => {
    const slots = new WorkSlots({ concurrency: 3, maxBytes: 10 * MB });
    slots.reserve(5 * MB);
    slots.reserve(5 * MB);
    expect(slots.usage).toEqual({ running: 2, heldBytes: 10 * MB });
    expect(slots.canStart(5 * MB)).toBe(false);
  });

  it("frees what a small page did not need, so another fetch can start", () => {
    const slots = new WorkSlots({ concurrency: 3, maxBytes: 12 * MB });
    const small = slots.reserve(5 * MB);
    slots.reserve(5 * MB);
    expect(slots.canStart(5 * MB)).toBe(false);
    small.shrink(100_000);
    expect(slots.canStart(5 * MB)).toBe(true);
    // Shrinking never grows a reservation.
    small.shrink(6 * MB);
    expect(slots.usage.heldBytes).toBe(5 * MB + 100_000);
  });

  it("frees a job's slot and bytes once, however often it is released", () => {
    const slots = new WorkSlots({ concurrency: 1, maxBytes: 5 * MB });
    const job = slots.reserve(5 * MB);
    job.release();
    job.release();
    expect(slots.usage).toEqual({ running: 0, heldBytes: 0 });
    expect(slots.canStart(5 * MB)).toBe(true);
  });
});
