import "server-only";

// Every log line of the server: one JSON object per line, with a level, the time and a message;
// errors go to stderr, the rest to stdout. An unexpected error is logged once, with its request id.

type Fields = Record<string, unknown> & { level?: never; time?: never; message?: never };

function write(level: "info" | "error", message: string, fields: Fields): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** Something an operator may want to know happened (a dispatch run, migrations applied). */
export function logInfo(message: string, fields: Fields = {}): void {
  write("info", message, fields);
}

/** Something that went wrong without an exception to show (a refused email, a stuck shutdown). */
export function logFailure(message: string, fields: Fields = {}): void {
  write("error", message, fields);
}

/** An unexpected error, with where it happened; its message and stack go into the line. */
export function logError(fields: {
  requestId: string;
  method: string;
  path: string;
  code?: string;
  error: unknown;
}): void {
  const { error, ...where } = fields;
  write("error", error instanceof Error ? error.message : String(error), {
    ...where,
    stack: error instanceof Error ? error.stack : undefined,
  });
}
