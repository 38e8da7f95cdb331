// When a subscribed feed is read next (decision 0414). Hourly at most: a publisher's hints (RSS
// ttl, sy:updatePeriod, Cache-Control max-age) may only slow that, to a day at most. A failure
// backs off (1 h, 2 h, 4 h … a day); a 429 or 503 with Retry-After waits as long as asked (never
// sooner than the hour, never past a day). A feed failing for a week stops until the user retries.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const POLL_RULE = {
  /** The shortest time between two reads of one feed. */
  floorMs: HOUR,
  /** The longest time between two reads, whatever a feed or a failure asks. */
  ceilingMs: 24 * HOUR,
  /** A feed failing since this long ago is no longer read. */
  giveUpAfterMs: 7 * 24 * HOUR,
} as const;

export type PollState = {
  now: Date;
  /** RSS <ttl>, in minutes. */
  ttlMinutes?: number | null;
  /** sy:updatePeriod / sy:updateFrequency, in minutes. */
  updatePeriodMinutes?: number | null;
  /** Cache-Control max-age of the last answer, in seconds. */
  maxAgeSeconds?: number | null;
  /** Retry-After of a 429 or 503 answer, as sent (seconds or an HTTP date). */
  retryAfter?: string | null;
  /** Failed reads in a row, the one just made included; 0 after a success. */
  consecutiveFailures: number;
  /** When the current run of failures began; null when the last read succeeded. */
  failingSince?: Date | null;
};

export type PollDecision = { next: Date } | { stop: true };

const clamp = (ms: number) => Math.min(POLL_RULE.ceilingMs, Math.max(POLL_RULE.floorMs, ms));

/** Retry-After (RFC 9110): delay-seconds or an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** Cache-Control's max-age, in seconds; null when absent or malformed. */
export function maxAgeOf(cacheControl: string | null | undefined): number | null {
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(?:,|$)/i.exec(cacheControl ?? "");
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The wait a healthy feed asks for: the longest of its hints, between the floor and the ceiling. */
function healthyMs(state: PollState): number {
  const hints = [
    (state.ttlMinutes ?? 0) * MINUTE,
    (state.updatePeriodMinutes ?? 0) * MINUTE,
    (state.maxAgeSeconds ?? 0) * 1000,
  ].filter((ms) => Number.isFinite(ms) && ms > 0);
  return clamp(Math.max(0, ...hints));
}

/** 1 h after the first failure, doubling with each one after, to a day. */
function backOffMs(failures: number): number {
  return clamp(POLL_RULE.floorMs * 2 ** Math.min(Math.max(0, failures - 1), 16));
}

export function nextPoll(state: PollState): PollDecision {
  const now = state.now.getTime();
  if (state.consecutiveFailures <= 0) return { next: new Date(now + healthyMs(state)) };
  if (state.failingSince && now - state.failingSince.getTime() >= POLL_RULE.giveUpAfterMs) return { stop: true };
  const asked = retryAfterMs(state.retryAfter, state.now);
  const wait = asked === null ? backOffMs(state.consecutiveFailures) : clamp(asked);
  return { next: new Date(now + wait) };
}
