import "server-only";
import { tooManyRequests } from "@/lib/http/errors";
import { TurnGate } from "@/lib/http/turn-gate";

// Each user's API requests take turns at running in this process (decision 0363): at most
// USER_REQUESTS_AT_ONCE of one user's handlers run at once, the rest wait theirs in order. A script
// that sends 150 saves at once then holds a few turns of the server's one thread at a time, and
// everyone else's requests (and the liveness probe) are served between them instead of behind all
// 150. Waiting is cheap (the request was already read); past USER_REQUESTS_WAITING, 429.

export const USER_REQUESTS_AT_ONCE = 4;
/** More than a minute's worth of saves (300) from one user may wait: a legitimate burst is never refused here. */
export const USER_REQUESTS_WAITING = 400;

export const TOO_MANY_AT_ONCE_MESSAGE = "Too many of your requests are running at once. Please try again in a moment.";

const gates = new Map<string, TurnGate>();

/** Waits for one of `userId`'s turns; the function gives it back (twice is once). 429 past the waiting bound. */
export async function takeUserTurn(userId: string): Promise<() => void> {
  let gate = gates.get(userId);
  if (!gate) {
    gate = new TurnGate(USER_REQUESTS_AT_ONCE, USER_REQUESTS_WAITING);
    gates.set(userId, gate);
  }
  const giveBack = await gate.enter();
  if (!giveBack) throw tooManyRequests(1, TOO_MANY_AT_ONCE_MESSAGE);
  const held = gate;
  return () => {
    giveBack();
    // A user with nothing running or waiting keeps no gate: the map holds only active users.
    if (held.usage.running === 0 && held.usage.waiting === 0 && gates.get(userId) === held) gates.delete(userId);
  };
}

/** How many users hold a gate now (tests: idle users leave none behind). */
export function activeUserGates(): number {
  return gates.size;
}
