// Types of prepare-page.mjs (plain JavaScript, shared with the extractor child process).

export declare function applyPageBase(document: Document, pageUrl: string): string;
export declare function applyPictureSources(document: Document): void;
