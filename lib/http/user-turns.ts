import "server-only";
import { tooManyRequests } from "@/lib/http/errors";
import { TurnGate } from "@/lib/http/turn-gate";

// Each user's API requests take turns at running in this process (decision 0363): at most
// REQUESTS_AT_ONCE of one user's handlers run at once, the rest wait theirs in order. A script
// that sends 150 saves at once then holds a few turns of the server's one thread at a time, and
// everyone else's requests (and the liveness probe) are served between them instead of behind all
// 150. Waiting is cheap (the request was already read); past REQUESTS_WAITING, 429.
//
// A request takes two turns: its credential's (the session cookie or bearer token) before the
// credential is looked up, so a flood's lookups also run a few at a time, and its user's once the
// user is known, so a user holding several credentials still gets no more than one user's share.

export const REQUESTS_AT_ONCE = 4;
/** More than a minute's worth of saves (300) from one user may wait: a legitimate burst is never refused here. */
export const REQUESTS_WAITING = 400;

export const TOO_MANY_AT_ONCE_MESSAGE = "Too many of your requests are running at once. Please try again in a moment.";

/** Whose turn: a credential before its lookup, a user after it. */
export type TurnHolder = { credential: string } | { userId: string };

const gates = new Map<string, TurnGate>();

const gateKey = (holder: TurnHolder) =>
  "credential" in holder ? `credential:${holder.credential}` : `user:${holder.userId}`;

/** Waits for one of the holder's turns; the function gives it back (twice is once). 429 past the waiting bound. */
export async function takeTurn(holder: TurnHolder): Promise<() => void> {
  const key = gateKey(holder);
  let gate = gates.get(key);
  if (!gate) {
    gate = new TurnGate(REQUESTS_AT_ONCE, REQUESTS_WAITING);
    gates.set(key, gate);
  }
  const giveBack = await gate.enter();
  if (!giveBack) throw tooManyRequests(1, TOO_MANY_AT_ONCE_MESSAGE);
  const held = gate;
  return () => {
    giveBack();
    // A holder with nothing running or waiting keeps no gate: the map holds only active ones.
    if (held.usage.running === 0 && held.usage.waiting === 0 && gates.get(key) === held) gates.delete(key);
  };
}

/** How many credentials and users hold a gate now (tests: idle ones leave none behind). */
export function activeTurnGates(): number {
  return gates.size;
}
