import "server-only";

// Structured one-line JSON logs; every unexpected error is logged once with its request id.
export function logError(fields: { requestId: string; method: string; path: string; code?: string; error: unknown }): void {
  const { error, ...rest } = fields;
  console.error(
    JSON.stringify({
      level: "error",
      time: new Date().toISOString(),
      ...rest,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
}
