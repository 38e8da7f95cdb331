// The bounds of highlights (docs/product.md, "Highlights"; decision 0336). Pure: the API's schema,
// the service and the reader's toolbar read them.

export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink", "purple"] as const;
export type HighlightColorName = (typeof HIGHLIGHT_COLORS)[number];

/** The longest passage one highlight holds: a few paragraphs. */
export const MAX_QUOTE_LENGTH = 5000;
/** The context kept on each side of the quote (the W3C selector's prefix and suffix). */
export const MAX_CONTEXT_LENGTH = 200;
/** What the reader sends as context: enough to tell repeated passages apart. */
export const CONTEXT_LENGTH = 32;
export const MAX_NOTE_LENGTH = 2000;
/** Offsets in an article's text: articles are far shorter (the stored text is capped well below). */
export const MAX_TEXT_OFFSET = 10_000_000;

export const MAX_HIGHLIGHTS_PER_LINK = 200;
export const MAX_HIGHLIGHTS_PER_USER = 10_000;

export const TOO_MANY_ON_LINK_MESSAGE = `A link holds at most ${MAX_HIGHLIGHTS_PER_LINK} highlights. Delete one to add another.`;
export const TOO_MANY_FOR_USER_MESSAGE = `You can keep at most ${MAX_HIGHLIGHTS_PER_USER.toLocaleString("en-US")} highlights. Delete some to add more.`;
