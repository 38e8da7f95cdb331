// Types of mail-scan.mjs (plain JavaScript, run in the extractor child process).

/** Every pattern made by `pattern`. */
export declare const MAIL_PATTERNS: readonly RegExp[];
/** `source` as a RegExp with `flags`, listed in MAIL_PATTERNS. */
export declare function pattern(source: string, flags?: string): RegExp;
/** Whether the UTF-16 unit `code` is whitespace as a pattern's \s reads it. */
export declare function isSpace(code: number): boolean;
/** Whether `text` holds `word` (lower-case ASCII) at `at`, in any case. */
export declare function holdsAt(text: string, at: number, word: string): boolean;
/** The web addresses in `text`: [start, end) of each, and the characters read. */
export declare function scanAddresses(
  text: string,
  stops: string,
  exactCase?: boolean,
): { found: { start: number; end: number }[]; steps: number };
