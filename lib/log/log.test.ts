import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { logError, logFailure, logInfo, logJobError } from "@/lib/log/log";

const NOW = new Date("2026-11-29T08:00:00.000Z");

let errors: MockInstance<typeof console.error>;
let infos: MockInstance<typeof console.log>;

/** Each call's one argument, parsed as the JSON line it must be. */
function lines(spy: MockInstance<(...args: unknown[]) => void>): unknown[] {
  return spy.mock.calls.map((args) => {
    expect(args).toHaveLength(1);
    return JSON.parse(String(args[0]));
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  infos = vi.spyOn(console, "log").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("log lines", () => {
  it("writes a request's error with its request id, method, path, code and stack, to stderr", () => {
    const error = new Error("database gone");
    logError({ requestId: "req-1", method: "POST", path: "/api/links", code: "internal_error", error });
    expect(lines(errors)).toEqual([
      {
        level: "error",
        time: NOW.toISOString(),
        message: "database gone",
        requestId: "req-1",
        method: "POST",
        path: "/api/links",
        code: "internal_error",
        stack: error.stack,
      },
    ]);
    expect(infos).not.toHaveBeenCalled();
  });

  it("writes a job's error with the job's name and its context, and no request fields", () => {
    const error = new Error("fetch failed");
    logJobError({ job: "page-work", linkId: "link-1", error });
    logJobError({ job: "digest-dispatch", batchId: "batch-1", error: "provider refused" });
    expect(lines(errors)).toEqual([
      {
        level: "error",
        time: NOW.toISOString(),
        message: "fetch failed",
        job: "page-work",
        linkId: "link-1",
        stack: error.stack,
      },
      {
        level: "error",
        time: NOW.toISOString(),
        message: "provider refused",
        job: "digest-dispatch",
        batchId: "batch-1",
      },
    ]);
  });

  it("keeps a job's context from claiming a request's fields", () => {
    // @ts-expect-error a job has no request id
    logJobError({ job: "inbound-mail", requestId: "inbound-mail", error: new Error("x") });
    // @ts-expect-error a job's name is one of the known jobs
    logJobError({ job: "worker", error: new Error("x") });
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it("writes information to stdout and a failure without an exception to stderr", () => {
    logInfo("digest dispatch", { sent: 3 });
    logFailure("test email refused", { reason: "limit" });
    expect(lines(infos)).toEqual([{ level: "info", time: NOW.toISOString(), message: "digest dispatch", sent: 3 }]);
    expect(lines(errors)).toEqual([
      { level: "error", time: NOW.toISOString(), message: "test email refused", reason: "limit" },
    ]);
  });
});
