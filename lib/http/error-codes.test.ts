import { describe, expect, it } from "vitest";
import { defaultErrorCode, ERROR_CODE_MEANINGS, ERROR_CODES, isErrorCode } from "./error-codes";
import { badRequest, conflict, errorResponse, HttpError, tooManyRequests, unauthorized } from "./errors";

describe("the error codes", () => {
  it("are distinct snake_case words, each with a one-line meaning", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ERROR_CODE_MEANINGS[code]).toMatch(/^\S.*\.$/);
      expect(ERROR_CODE_MEANINGS[code]).not.toContain("\n");
    }
    expect(Object.keys(ERROR_CODE_MEANINGS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("give each status its usual code", () => {
    expect(
      [400, 401, 402, 403, 404, 409, 413, 422, 429, 500, 503].map((status) => [status, defaultErrorCode(status)]),
    ).toEqual([
      [400, "validation_failed"],
      [401, "unauthenticated"],
      [402, "plan_limit"],
      [403, "forbidden"],
      [404, "not_found"],
      [409, "conflict"],
      [413, "payload_too_large"],
      [422, "validation_failed"],
      [429, "rate_limited"],
      [500, "internal_error"],
      [503, "unavailable"],
    ]);
    for (const status of [400, 401, 404, 429, 500, 503]) expect(isErrorCode(defaultErrorCode(status))).toBe(true);
  });

  it("tells a code from any other value", () => {
    expect(isErrorCode("not_found")).toBe(true);
    expect(isErrorCode("Not_found")).toBe(false);
    expect(isErrorCode("")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });
});

describe("HttpError", () => {
  it("carries its status's code unless the call site names a more specific one", () => {
    expect(badRequest("Bad").code).toBe("validation_failed");
    expect(badRequest("Not JSON", "invalid_json").code).toBe("invalid_json");
    expect(unauthorized().code).toBe("unauthenticated");
    expect(conflict("Taken", "already_exists").code).toBe("already_exists");
    expect(new HttpError(422, "Too deep").code).toBe("validation_failed");
  });

  it("is answered as {code, message}, with its headers", async () => {
    const error = tooManyRequests(2.5, "Slow down.");
    const res = errorResponse(error.status, error.code, error.message, error.headers);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({ code: "rate_limited", message: "Slow down." });
    const failed = errorResponse(500, "internal_error", "Oops", undefined, "req-1");
    expect(await failed.json()).toEqual({ code: "internal_error", message: "Oops", requestId: "req-1" });
  });
});
