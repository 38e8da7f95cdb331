// What a rate limit counts and answers, and the limits shared by more than one caller. Kept apart
// from the counting so that the statement and the counter both read the types without importing
// each other.

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimitCheck = { rule: RateLimitRule; subject: string };

export const RATE_LIMITS = {
  magicLinkPerAddress: { name: "magic-link:address", limit: 5, windowSeconds: 15 * 60 },
  magicLinkPerIp: { name: "magic-link:ip", limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;
