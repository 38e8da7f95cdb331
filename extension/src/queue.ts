import type { SaveRequest } from "./messages";

// The offline queue's rules (docs/decisions/0323). Pure: the background keeps the queue in
// storage.local and applies these; one flush at a time sends it in order.

export type QueuedSave = { id: string; request: SaveRequest; queuedAt: string };

/** What a server answer means for a save: done, try again later, or never (with the server's reason). */
export type Outcome = "saved" | "retry" | "refused";

/** More than this many waiting saves are refused: a stuck queue must not grow without end. */
export const MAX_QUEUED_SAVES = 500;

export const QUEUED_MESSAGE = "Saved offline: it will be sent to LinkStash when the server can be reached.";
export const QUEUE_FULL_MESSAGE = `${MAX_QUEUED_SAVES} saves are already waiting to be sent. Connect to your LinkStash and try again.`;

/**
 * A status's outcome; 0 means no answer at all (offline, server down, refused connection). 401
 * waits too: the token was revoked or the extension is not connected yet, and a reconnect sends it.
 */
export function outcomeOf(status: number): Outcome {
  if (status === 200 || status === 201) return "saved";
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return "retry";
  return "refused";
}

export function withSave(queue: readonly QueuedSave[], save: QueuedSave): QueuedSave[] | null {
  return queue.length >= MAX_QUEUED_SAVES ? null : [...queue, save];
}

export function withoutSave(queue: readonly QueuedSave[], id: string): QueuedSave[] {
  return queue.filter((save) => save.id !== id);
}
