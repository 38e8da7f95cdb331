// Types of in-page-links.mjs (plain JavaScript, shared with the extractor child process).

export declare const ID_PREFIX: string;
export declare function namespacedId(id: string): string;
export declare function inPageFragment(href: string | null | undefined, pageUrls: string[]): string | null;
export declare function inPageHref(fragment: string, targets: Set<string>): string | null;
export declare function linkTargets(html: string, tags: string[], droppedTags: string[]): Set<string>;
