import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxAgeOf, nextPoll, POLL_RULE, retryAfterMs, type PollState } from "@/lib/subscriptions/poll-interval";

const NOW = new Date("2026-11-29T12:00:00Z");
const HOUR = 3_600_000;

function waitOf(state: Partial<PollState>): number | "stop" {
  const decision = nextPoll({ now: NOW, consecutiveFailures: 0, ...state });
  return "stop" in decision ? "stop" : decision.next.getTime() - NOW.getTime();
}

describe("nextPoll, a healthy feed", () => {
  it("is read hourly without hints", () => {
    expect(waitOf({})).toBe(HOUR);
  });

  it("is never read sooner than hourly, whatever the feed asks", () => {
    expect(waitOf({ ttlMinutes: 5, updatePeriodMinutes: 10, maxAgeSeconds: 60 })).toBe(HOUR);
  });

  it("waits for the longest hint", () => {
    expect(waitOf({ ttlMinutes: 120 })).toBe(2 * HOUR);
    expect(waitOf({ updatePeriodMinutes: 360 })).toBe(6 * HOUR);
    expect(waitOf({ maxAgeSeconds: 3 * 3600 })).toBe(3 * HOUR);
    expect(waitOf({ ttlMinutes: 120, updatePeriodMinutes: 360, maxAgeSeconds: 3 * 3600 })).toBe(6 * HOUR);
  });

  it("is read at least daily, even when a hint says weekly", () => {
    expect(waitOf({ updatePeriodMinutes: 7 * 24 * 60 })).toBe(24 * HOUR);
    expect(waitOf({ maxAgeSeconds: 31_536_000 })).toBe(24 * HOUR);
  });

  it("ignores hints that are not positive numbers", () => {
    expect(waitOf({ ttlMinutes: -5, updatePeriodMinutes: Number.NaN, maxAgeSeconds: 0 })).toBe(HOUR);
  });

  it("ignores a Retry-After and an old run of failures once a read succeeds", () => {
    expect(waitOf({ retryAfter: "7200", failingSince: new Date(NOW.getTime() - 30 * 24 * HOUR) })).toBe(HOUR);
  });
});

describe("nextPoll, a failing feed", () => {
  it("backs off 1 h, 2 h, 4 h … to a day", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 40].map((failures) => waitOf({ consecutiveFailures: failures }));
    expect(waits).toEqual([1, 2, 4, 8, 16, 24, 24, 24].map((hours) => hours * HOUR));
  });

  it("does not let a feed's hints shorten the back-off", () => {
    expect(waitOf({ consecutiveFailures: 3, ttlMinutes: 60 })).toBe(4 * HOUR);
  });

  it("honours Retry-After in seconds, within the floor and the ceiling", () => {
    expect(waitOf({ consecutiveFailures: 1, retryAfter: "10800" })).toBe(3 * HOUR);
    expect(waitOf({ consecutiveFailures: 1, retryAfter: "120" })).toBe(HOUR);
    expect(waitOf({ consecutiveFailures: 1, retryAfter: "864000" })).toBe(24 * HOUR);
  });

  it("honours Retry-After as an HTTP date", () => {
    expect(waitOf({ consecutiveFailures: 2, retryAfter: "Sun, 29 Nov 2026 17:00:00 GMT" })).toBe(5 * HOUR);
    expect(waitOf({ consecutiveFailures: 2, retryAfter: "Sun, 29 Nov 2026 11:00:00 GMT" })).toBe(HOUR);
  });

  it("falls back to the back-off when Retry-After cannot be read", () => {
    expect(waitOf({ consecutiveFailures: 3, retryAfter: "soon" })).toBe(4 * HOUR);
  });

  it("stops after a week of failures, and not a moment before", () => {
    const since = (ms: number) => new Date(NOW.getTime() - ms);
    expect(waitOf({ consecutiveFailures: 20, failingSince: since(POLL_RULE.giveUpAfterMs) })).toBe("stop");
    expect(waitOf({ consecutiveFailures: 20, failingSince: since(POLL_RULE.giveUpAfterMs - 1) })).toBe(24 * HOUR);
  });

  it("always waits between the floor and the ceiling, or stops", () => {
    fc.assert(
      fc.property(
        fc.record({
          consecutiveFailures: fc.integer({ min: 0, max: 1000 }),
          ttlMinutes: fc.option(fc.double({ noNaN: false })),
          updatePeriodMinutes: fc.option(fc.integer()),
          maxAgeSeconds: fc.option(fc.integer()),
          retryAfter: fc.option(fc.oneof(fc.string(), fc.nat().map(String))),
          failingSince: fc.option(fc.date({ noInvalidDate: true })),
        }),
        (state) => {
          const wait = waitOf(state);
          if (wait !== "stop") {
            expect(wait).toBeGreaterThanOrEqual(POLL_RULE.floorMs);
            expect(wait).toBeLessThanOrEqual(POLL_RULE.ceilingMs);
          } else {
            expect(state.consecutiveFailures).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});

describe("the headers", () => {
  it("reads max-age among other directives", () => {
    expect(maxAgeOf("public, max-age=600, must-revalidate")).toBe(600);
    expect(maxAgeOf("s-maxage=10")).toBeNull();
    expect(maxAgeOf(null)).toBeNull();
  });

  it("reads Retry-After", () => {
    expect(retryAfterMs("120", NOW)).toBe(120_000);
    expect(retryAfterMs("", NOW)).toBeNull();
    expect(retryAfterMs("Sun, 29 Nov 2026 13:00:00 GMT", NOW)).toBe(HOUR);
  });
});
