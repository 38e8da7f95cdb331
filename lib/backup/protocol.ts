import "server-only";
import { connect } from "node:net";

// The backup socket's conversation: the client writes REQUEST; the server answers one JSON line,
// then (when ok) the snapshot's bytes, `bytes` of them, and closes.

export const REQUEST = "snapshot\n";

export type Answer = { ok: true; bytes: number } | { ok: false; error: string };

export function isAnswer(value: unknown): value is Answer {
  if (typeof value !== "object" || value === null || !("ok" in value)) return false;
  if (value.ok === true) return "bytes" in value && typeof value.bytes === "number";
  return value.ok === false && "error" in value && typeof value.error === "string";
}

/** Whether something answers on the socket at `socketPath` (a live server, not a stale file). */
export function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
