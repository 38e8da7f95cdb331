// Why an import cannot go on: a file we cannot read (answered 400), or one past a limit of
// lib/import/limits.ts (413 when it is too big, 422 when its shape is one no honest export has).
// Once links are going in, either ends the import and its message becomes the summary's `error`.

export class ImportFileError extends Error {}

export class ImportLimitError extends ImportFileError {
  readonly status: 413 | 422;

  constructor(message: string, status: 413 | 422) {
    super(message);
    this.status = status;
  }
}
