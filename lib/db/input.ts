// What a request may hand to a database query. PostgreSQL's text has no NUL character, and a lone
// UTF-16 surrogate has no UTF-8 form: either one in a query parameter fails the whole query (a 500),
// so input is checked for both before it gets that far.

/** Text PostgreSQL can store as it is. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** Could be the id of one of our rows (a cuid) or an invitation code; anything else matches no row. */
export function isRecordId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
