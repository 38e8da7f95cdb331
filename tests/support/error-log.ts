import { expect, type MockInstance, vi } from "vitest";

export type ErrorLogLine = {
  level: string;
  time: string;
  requestId: string;
  method: string;
  path: string;
  code?: string;
  message: string;
};

/** Collects what the app logs through console.error; `lines()` parses each call as one JSON line. */
export function captureErrorLog(): { lines: () => ErrorLogLine[]; restore: () => void } {
  const spy: MockInstance<typeof console.error> = vi.spyOn(console, "error").mockImplementation(() => {});
  return {
    lines: () =>
      spy.mock.calls.map((args) => {
        expect(args).toHaveLength(1);
        const parsed: ErrorLogLine = JSON.parse(String(args[0]));
        return parsed;
      }),
    restore: () => spy.mockRestore(),
  };
}

/** A local port with nothing listening on it: connections are refused at once. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
