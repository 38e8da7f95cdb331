// Where the article extractor's child process is, for the pool that starts it and for next.config,
// which ships it with the build: plain JavaScript, because next.config imports it as it is.

/** The child's entry file, from the project's root (the server's working directory). */
export const EXTRACTOR_CHILD_PATH = "lib/articles/extractor-child.mjs";

/** The child's file and every project module it imports, directly or not (a test keeps it whole). */
export const EXTRACTOR_CHILD_MODULES = [
  EXTRACTOR_CHILD_PATH,
  "lib/articles/extraction-rules.mjs",
  "lib/articles/image-sources.mjs",
  "lib/articles/in-page-links.mjs",
  "lib/articles/pdf-text.mjs",
  "lib/articles/pdf-work.mjs",
  "lib/articles/prepare-page.mjs",
  "lib/articles/sanitize.mjs",
  "lib/articles/unavailable-reasons.mjs",
  "lib/articles/video-embeds.mjs",
  "lib/inbound-mail/classify-mail.mjs",
  "lib/inbound-mail/forward-wrapper.mjs",
  "lib/inbound-mail/layout-tables.mjs",
  "lib/inbound-mail/mail-scan.mjs",
  "lib/inbound-mail/mail-work.mjs",
  "lib/inbound-mail/newsletter-html.mjs",
  "lib/inbound-mail/parse-mail.mjs",
  "lib/inbound-mail/tracking-link.mjs",
];

// What the article extractor's child process imports, and what those import in turn.
export const EXTRACTOR_PACKAGES = [
  "@mozilla/readability",
  ..."linkedom css-select boolbase css-what nth-check cssomnom html-escaper uhyphen".split(" "),
  ..."htmlparser2 domelementtype domhandler domutils dom-serializer entities".split(" "),
  ..."sanitize-html deepmerge escape-string-regexp is-plain-object parse-srcset launder dayjs postcss nanoid".split(
    " ",
  ),
  ..."picocolors source-map-js".split(" "),
  // Received mail is read in the same children (decision 0348): mailparser and what it imports.
  ..."mailparser @zone-eu/mailsplit libbase64 libmime encoding-japanese iconv-lite safer-buffer libqp he".split(" "),
  ..."html-to-text @selderee/plugin-htmlparser2 selderee parseley leac peberminta deepmerge-ts".split(" "),
  ..."linkify-it uc.micro punycode.js tlds".split(" "),
  // PDFs are read in the same children (decision 0415): pdf.js, whose legacy build loads its worker
  // from its own folder, in the same process. Its optional canvas package is for drawing, not text.
  "pdfjs-dist",
];
