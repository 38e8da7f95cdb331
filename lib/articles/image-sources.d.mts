// Types of image-sources.mjs (plain JavaScript, shared with the extractor child process).

export type SrcsetCandidate = { url: string } & ({ width: number } | { density: number });

export declare const PREFERRED_MAX_WIDTH: number;
export declare const PREFERRED_MAX_DENSITY: number;

export declare function secureImageUrl(value: string | null | undefined, base: string): URL | null;
export declare function parseSrcset(value: string | null | undefined): SrcsetCandidate[];
export declare function safeCandidates(
  value: string | null | undefined,
  base: string,
  allow?: (url: URL) => boolean,
): SrcsetCandidate[];
export declare function serializeSrcset(candidates: SrcsetCandidate[]): string;
export declare function chooseCandidate(candidates: SrcsetCandidate[]): SrcsetCandidate | null;
