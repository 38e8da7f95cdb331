// The stable codes of `/api` error bodies, `{ "code": …, "message": … }`. A client branches on the
// code; the message is for people (the app's toasts show it) and may be reworded. Pure: the proxy,
// the API document and the reference page read this list too. A new code is added here, with what it
// means, and nowhere else (docs/decisions/0310-api-contract.md).

export const ERROR_CODES = [
  "validation_failed",
  "invalid_json",
  "invalid_signature",
  "unauthenticated",
  "invalid_token",
  "insufficient_scope",
  "forbidden",
  "cross_origin",
  "plan_limit",
  "not_found",
  "method_not_allowed",
  "conflict",
  "already_exists",
  "already_claimed",
  "token_limit",
  "payload_too_large",
  "import_limit",
  "not_a_feed",
  "mail_refused",
  "rate_limited",
  "unavailable",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What each code means, one line each: the API document and the reference page show these. */
export const ERROR_CODE_MEANINGS: Record<ErrorCode, string> = {
  validation_failed:
    "The input (body, query, path or file) did not pass the route's checks; the message names the first problem.",
  invalid_json: "The body is not valid JSON, or a route that reads JSON got another Content-Type.",
  invalid_signature: "A signed token (an emailed link's) or a webhook signature does not verify.",
  unauthenticated: "No valid session (or, for the scheduler's route, no valid secret): sign in first.",
  invalid_token: "The `Authorization: Bearer` token is unknown or revoked.",
  insufficient_scope:
    "The API token may not do this: the extension's token only saves, looks up and reads categories; no token reaches the session-only endpoints.",
  forbidden: "Signed in, but this action is not allowed for this account.",
  cross_origin: "A browser request that changes something came without this site's Origin.",
  plan_limit: "The account's plan does not allow this (a daily limit, no invitations left, a Pro-only choice).",
  not_found: "Nothing by that id (or code) belongs to the caller, or the feature is off on this instance.",
  method_not_allowed: "The route does not answer this HTTP method; the `Allow` header lists the ones it does.",
  conflict: "The request clashes with the current state (already used, expired, nothing to manage).",
  already_exists: "The name or address is already in use.",
  already_claimed: "The invitation has been claimed, or this account or mailbox has claimed one already.",
  token_limit: "The account has the most API tokens it may hold: revoke one first.",
  payload_too_large: "The upload is larger than the route accepts.",
  import_limit: "The file is past one of the import's limits (rows, fields, nesting).",
  not_a_feed:
    "The address answers no RSS, Atom or JSON Feed, and no feed is linked from its page (or it could not be read).",
  mail_refused:
    "A mail to a save address that will never be saved (unknown address, nothing to save, sender not allowed, too large).",
  rate_limited: "Too many requests: wait for the `Retry-After` header's seconds.",
  unavailable: "A service this request needs (mail, payments, the database) is not available now; try again later.",
  internal_error: "An unexpected error on the server; the body's `requestId` is in the server's log.",
};

/** The HTTP statuses an error answer uses. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 406 | 409 | 413 | 422 | 429 | 500 | 503;

/** The code of an error raised with a status only: the one a client would expect for that status. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 402:
      return "plan_limit";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 429:
      return "rate_limited";
    case 503:
      return "unavailable";
    default:
      return status >= 500 ? "internal_error" : "validation_failed";
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && ERROR_CODES.some((code) => code === value);
}

/** The JSON body of every `/api` error answer. */
export type ErrorBody = { code: ErrorCode; message: string; requestId?: string };
