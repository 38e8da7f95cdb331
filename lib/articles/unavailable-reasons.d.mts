// Types of unavailable-reasons.mjs (plain JavaScript, shared with the extractor child process).

export declare const UNAVAILABLE_REASONS: Readonly<{
  notArticle: "not an article";
  tooComplex: "too complex to read";
  tooLarge: "too large to read";
  tooSlow: "took too long";
  noText: "no text was found in it";
  failed: "could not be read";
}>;

export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[keyof typeof UNAVAILABLE_REASONS];
