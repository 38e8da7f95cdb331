// Spreadsheet-safe CSV cells (OWASP's advice on CSV injection): a cell a spreadsheet would read as
// a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading single quote, which
// spreadsheets show as text. Titles come from third-party pages, so any cell may be hostile. A cell
// that already starts with quotes before such a character gets one more, so that the importer,
// which takes exactly one away, gives back what was exported.

const GUARDED = /^'*[=+\-@\t\r]/;
const GUARD_ADDED = /^'+[=+\-@\t\r]/;

export function spreadsheetSafe(value: string): string {
  return GUARDED.test(value) ? `'${value}` : value;
}

/** The exported value of a cell written by spreadsheetSafe. */
export function fromSpreadsheetSafe(cell: string): string {
  return GUARD_ADDED.test(cell) ? cell.slice(1) : cell;
}
