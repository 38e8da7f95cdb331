// Fields of this app's own API answers, read in the browser without a schema library: zod costs a
// page 23-31 KB of gzip, and these answers are a field or two. A missing or mistyped field reads as
// undefined, and the caller decides what that means.

export function jsonField(body: unknown, key: string): unknown {
  if (typeof body !== "object" || body === null) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(body, key)?.value;
  return value;
}

export function stringField(body: unknown, key: string): string | undefined {
  const value = jsonField(body, key);
  return typeof value === "string" ? value : undefined;
}

/** The field's value when it is one of `choices`. */
export function choiceField<Choice extends string>(
  body: unknown,
  key: string,
  choices: readonly Choice[],
): Choice | undefined {
  const value = jsonField(body, key);
  return choices.find((choice) => choice === value);
}

/** An answer that does not have the fields the page needs: shown as a failure, never half-read. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer: ${what}`);
    this.name = "UnexpectedAnswerError";
  }
}
