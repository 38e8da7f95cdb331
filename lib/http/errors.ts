import { defaultErrorCode, type ErrorBody, type ErrorCode } from "@/lib/http/error-codes";

// Typed errors that the route wrapper maps to an HTTP status and a `{ code, message }` body. Each
// helper gives its status's usual code; a call site names a more specific one where a client would
// branch on it (lib/http/error-codes.ts lists them all).

export type HttpErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly status: HttpErrorStatus,
    message: string,
    code?: ErrorCode,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.code = code ?? defaultErrorCode(status);
  }
}

export const badRequest = (message: string, code: ErrorCode = "validation_failed") => new HttpError(400, message, code);
export const unauthorized = (message = "You need to sign in first.", code: ErrorCode = "unauthenticated") =>
  new HttpError(401, message, code);
export const paymentRequired = (message: string) => new HttpError(402, message, "plan_limit");
export const forbidden = (message: string, code: ErrorCode = "forbidden") => new HttpError(403, message, code);
export const notFound = (message = "Not found") => new HttpError(404, message, "not_found");
export const conflict = (message: string, code: ErrorCode = "conflict") => new HttpError(409, message, code);
export const payloadTooLarge = (message: string) => new HttpError(413, message, "payload_too_large");
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new HttpError(429, message, "rate_limited", {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message: string) => new HttpError(503, message, "unavailable");

/** The one way an error answer is written: its status, `{ code, message }` and its headers. */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  headers?: HeadersInit,
  requestId?: string,
): Response {
  const body: ErrorBody = requestId === undefined ? { code, message } : { code, message, requestId };
  return Response.json(body, { status, headers });
}

/** A method the route does not answer: 405 with `{ code, message }` and the methods it does in `Allow`. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  const allow = allowed.join(", ");
  return errorResponse(405, "method_not_allowed", `This route answers ${allow} only.`, { Allow: allow });
}

/** An HttpError as its answer. */
export function httpErrorResponse(error: HttpError): Response {
  return errorResponse(error.status, error.code, error.message, error.headers);
}
