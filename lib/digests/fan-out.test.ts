import { describe, expect, it } from "vitest";
import { workersToStart, type FanOutInput } from "./fan-out";

const base: FanOutInput = {
  backlog: 1_000_000,
  perWorker: 300,
  remainingSeconds: 40,
  providerPerSecond: 500,
  batchSize: 100,
  busy: 0,
  cap: 8,
  holdsSlot: false,
};

describe("workersToStart", () => {
  it("adds none when this worker sends the backlog alone within its budget", () => {
    expect(workersToStart({ ...base, backlog: 12_000 })).toBe(0);
    expect(workersToStart({ ...base, perWorker: 0 })).toBe(0);
  });

  it("adds enough to keep a paced provider busy, with headroom, counting the workers already there", () => {
    // 500/s over 300/s per worker, half again: 3 workers, this one and 2 more.
    expect(workersToStart(base)).toBe(2);
    expect(workersToStart({ ...base, busy: 1 })).toBe(1);
    expect(workersToStart({ ...base, busy: 2 })).toBe(0);
    // A continuation counts itself among the busy slots.
    expect(workersToStart({ ...base, holdsSlot: true, busy: 1 })).toBe(2);
  });

  it("stays under the cap, and at it when the provider takes any rate", () => {
    expect(workersToStart({ ...base, providerPerSecond: 50_000 })).toBe(8);
    expect(workersToStart({ ...base, providerPerSecond: Infinity, busy: 3 })).toBe(5);
    expect(workersToStart({ ...base, providerPerSecond: Infinity, busy: 9 })).toBe(0);
  });

  it("adds no more workers than there are batches left", () => {
    expect(workersToStart({ ...base, backlog: 250, perWorker: 5, providerPerSecond: Infinity })).toBe(3);
  });
});
