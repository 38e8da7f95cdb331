// Types of extractor-child-path.mjs (plain JavaScript, read by next.config as it is).

export declare const EXTRACTOR_CHILD_PATH: string;

export declare const EXTRACTOR_CHILD_MODULES: string[];

export declare const EXTRACTOR_PACKAGES: string[];
