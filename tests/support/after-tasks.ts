// Outside a Next request there is no request scope for `after()`; the integration setup replaces it
// with this queue so a test can wait for the work a route scheduled after its response.
// One queue for every module graph a test file builds (vi.resetModules gives a second "instance" its
// own copy of this module), so a flush waits for the work of all of them.
declare global {
  var linkstashAfterTasks: Promise<unknown>[] | undefined;
}
const pending: Promise<unknown>[] = (globalThis.linkstashAfterTasks ??= []);

export function queueAfterTask(task: Promise<unknown> | (() => unknown)): void {
  pending.push(Promise.resolve().then(() => (typeof task === "function" ? task() : task)));
}

/**
 * Waits for the work scheduled after responses and for the owed page work that is due (saves'
 * fetches, extractions), which no runner does in tests: drained here, without timing.
 */
export async function flushAfterTasks(): Promise<void> {
  const { drainPageWork } = await import("@/lib/articles/service");
  do {
    while (pending.length) await Promise.all(pending.splice(0));
    await drainPageWork();
  } while (pending.length);
}
