// Types of extraction-rules.mjs (plain JavaScript, shared with the extractor child process).

export declare const MAX_ELEMENTS: number;
export declare const MAX_DEPTH: number;

export type PageLimits = { maxElements: number; maxDepth: number };
export type PageMeasure = { within: boolean; elements: number; maxDepth: number };

export declare function measurePage(html: string, limits?: PageLimits): PageMeasure;
