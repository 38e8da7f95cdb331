// A code block, table or displayed formula wider than the column scrolls sideways inside its own
// box, which a keyboard can do only when the box takes focus. The stored article passed the allow-list
// (lib/articles/sanitize.mjs), which writes every `<` of text and attribute values as `&lt;`, so
// `<pre` or `<table` there always opens a tag.

/** The article's HTML with every `<pre>`, `<table>` and displayed `<math>` in the keyboard's tab order. */
export function withFocusableScrollBoxes(contentHtml: string): string {
  return contentHtml
    .replace(/<(pre|table)(?=[\s>])/gi, '<$1 tabindex="0"')
    .replace(/<math(?=\s[^>]*\bdisplay="block")/gi, '<math tabindex="0"');
}
