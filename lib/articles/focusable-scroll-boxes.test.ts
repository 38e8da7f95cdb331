import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./sanitize.mjs";
import { withFocusableScrollBoxes } from "./focusable-scroll-boxes";

describe("withFocusableScrollBoxes", () => {
  it("puts every code block and table in the tab order and leaves other tags and text alone", () => {
    const html =
      '<p>Use <code>&lt;pre&gt;</code>:</p><pre><code>a</code></pre><pre lang="en">b</pre><prefix><table><tr><td>1</td></tr></table>';
    expect(withFocusableScrollBoxes(html)).toBe(
      '<p>Use <code>&lt;pre&gt;</code>:</p><pre tabindex="0"><code>a</code></pre><pre tabindex="0" lang="en">b</pre><prefix><table tabindex="0"><tr><td>1</td></tr></table>',
    );
  });

  it("puts a displayed formula in the tab order, not one inside a line", () => {
    expect(
      withFocusableScrollBoxes('<p><math><mi>a</mi></math></p><math alttext="x" display="block"><mi>x</mi></math>'),
    ).toBe('<p><math><mi>a</mi></math></p><math tabindex="0" alttext="x" display="block"><mi>x</mi></math>');
  });

  it("finds no tag in a sanitised article's text or attributes", () => {
    const stored = sanitizeArticleHtml(
      '<p title="<pre><table>">x &lt;pre&gt; &lt;table&gt; <pre>y</pre></p>',
      "https://example.test/a",
      "https://app.example",
    );
    expect(withFocusableScrollBoxes(stored).match(/tabindex/g)).toHaveLength(1);
  });
});
