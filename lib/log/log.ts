import "server-only";

// Every log line of the server: one JSON object per line, with a level, the time and a message;
// errors go to stderr, the rest to stdout. An unexpected error is logged once: a request's with its
// request id, method and path, a background job's with the job's name and what it was working on.

type Fields = Record<string, unknown> & { level?: never; time?: never; message?: never };

/** What a background job says about its error: never a request's fields, which it does not have. */
type JobContext = Fields & { requestId?: never; method?: never; path?: never; stack?: never };

/** The server's background jobs, as their errors name them. */
export type JobName =
  | "page-work"
  | "article-extraction"
  | "link-metadata"
  | "inbound-mail"
  | "digest-scheduler"
  | "digest-dispatch"
  | "digest-continuation"
  | "kindle-books"
  | "feed-check";

function write(level: "info" | "error", message: string, fields: Fields): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

function errorFields(error: unknown): { message: string; stack: string | undefined } {
  return {
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  };
}

/** Something an operator may want to know happened (a dispatch run, migrations applied). */
export function logInfo(message: string, fields: Fields = {}): void {
  write("info", message, fields);
}

/** Something that went wrong without an exception to show (a refused email, a stuck shutdown). */
export function logFailure(message: string, fields: Fields = {}): void {
  write("error", message, fields);
}

/** An unexpected error while answering a request; its message and stack go into the line. */
export function logError(fields: {
  requestId: string;
  method: string;
  path: string;
  code?: string;
  error: unknown;
}): void {
  const { error, ...where } = fields;
  const { message, stack } = errorFields(error);
  write("error", message, { ...where, stack });
}

/** An unexpected error in a background job, with what it was working on (a link, a batch). */
export function logJobError(fields: { job: JobName; error: unknown } & JobContext): void {
  const { error, ...context } = fields;
  const { message, stack } = errorFields(error);
  write("error", message, { ...context, stack });
}
