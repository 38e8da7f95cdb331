// Types of forward-wrapper.mjs (plain JavaScript, run in the extractor child process).

/** Whether `line` is two or more dashes, `words` (an optional space each side), two or more dashes. */
export declare function dashed(line: string, words: string): boolean;
/** A forwarded mail's marker line; `line` is trimmed and lower-cased. */
export declare function isForwardHeader(line: string): boolean;
/** The label of a header line ("From: …", "*Sent:* …"), lower case, or null. */
export declare function headerLabel(line: string): string | null;
/** Where a wrapper's header starts at `lines[index]` (the line after a marker, or the line itself), or -1. */
export declare function headerStart(lines: ReadonlyArray<string>, index: number): number;
/** The forward wrapper in `lines` (trimmed, lower case): its first line, its header's lines and where the forwarded mail begins. */
export declare function findWrapper(
  lines: ReadonlyArray<string>,
): { start: number; header: [number, number]; body: number } | null;
/** A plain-text forward unwrapped, or null. */
export declare function unwrapText(text: string | null): { note: string; header: string[]; text: string } | null;
/** An HTML forward unwrapped (the HTML from just after its header), or null. */
export declare function unwrapHtml(html: string | null): { note: string; header: string[]; html: string } | null;
