import { describe, expect, it } from "vitest";
import { canonicalHostname, sanitizeArticleHtml } from "./sanitize.mjs";

const BASE = "https://news.example/2026/story.html";
const APP = "https://linkstash.example";

describe("sanitizeArticleHtml", () => {
  it("drops scripts, styles, frames, forms and embeds with their code, and keeps the article's text", () => {
    const html = sanitizeArticleHtml(
      `<div><p>Kept text.</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example">frame</iframe>
       <form action="/steal"><input name="q"><button>Send</button></form><object data="x.swf"></object><embed src="y">
       <svg><script>alert(2)</script></svg><noscript>no</noscript><template><p>t</p></template></div>`,
      BASE,
      APP,
    );
    expect(html).toContain("<p>Kept text.</p>");
    expect(html).not.toMatch(/<(script|style|iframe|form|input|button|object|embed|svg|noscript|template)\b/i);
    expect(html).not.toContain("alert");
    expect(html).not.toContain("frame</");
  });

  it("puts a link to the video where a video's player was, the player's fallback text dropped", () => {
    const html = sanitizeArticleHtml(
      `<p>Before.</p><iframe src="https://www.youtube-nocookie.com/embed/LtOGa5M8AuU" title="How tides work">fallback</iframe>
       <iframe src="https://ads.example/frame">ad</iframe><p>After.</p>`,
      BASE,
      APP,
    );
    expect(html).toBe(
      '<p>Before.</p><a href="https://www.youtube.com/watch?v=LtOGa5M8AuU" rel="noopener noreferrer nofollow">Video: How tides work (YouTube)</a>\n       <p>After.</p>',
    );
  });

  it("keeps MathML's presentation markup, without handlers, styles, addresses or annotation-xml", () => {
    const html = sanitizeArticleHtml(
      `<p>When <math alttext="a \\ne 0" onclick="x()" style="color:red" href="javascript:alert(1)"><semantics><mrow>
       <mi mathvariant="italic">a</mi><mo>≠</mo><mn>0</mn></mrow><annotation encoding="application/x-tex">a \\ne 0</annotation>
       <annotation-xml encoding="text/html"><p>inside</p><img src="https://a.example/i.png"></annotation-xml></semantics></math>, two solutions.</p>
       <math display="block"><mi xlink:href="javascript:alert(2)">x</mi><mo>=</mo><mfrac><mi>b</mi><mn>2</mn></mfrac></math>`,
      BASE,
      APP,
    );
    expect(html).toContain('<math alttext="a \\ne 0"><semantics><mrow>');
    expect(html).toContain('<mi mathvariant="italic">a</mi><mo>≠</mo><mn>0</mn>');
    expect(html).toContain('<math display="block"><mi>x</mi><mo>=</mo><mfrac><mi>b</mi><mn>2</mn></mfrac></math>');
    expect(html).not.toMatch(/onclick|style=|javascript|xlink|annotation-xml|inside|<img/);
  });

  it("keeps nothing that runs from a MathML namespace-confusion vector", () => {
    const html = sanitizeArticleHtml(
      `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;" src="https://a.example/i.png"></mglyph></table></mtext></math>`,
      BASE,
      APP,
    );
    expect(html).not.toMatch(/<style|<!--|<mglyph/);
    // The title stays an attribute's text: its markup is escaped, in either namespace.
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html.match(/<img\b/g) ?? []).toHaveLength(1);
  });

  it("removes every event handler, style and class, and unsafe link schemes", () => {
    const html = sanitizeArticleHtml(
      `<p onclick="evil()" style="color:red" class="x" id="y">a</p><img src="/a.png" onerror="evil()">
       <a href="javascript:evil()">js</a><a href=" JaVaScRiPt:evil()">js2</a><a href="data:text/html,<script>1</script>">data</a>
       <a href="vbscript:x">vb</a><a href="//other.example/p">protocol-relative</a>`,
      BASE,
      APP,
    );
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/style=|class=|\sid="y"/);
    // Ids are kept, namespaced away from the app's own (decision 0333).
    expect(html).toContain('<p id="user-content-y">a</p>');
    expect(html).not.toMatch(/javascript:|data:|vbscript:|evil/i);
    expect(html).toContain(
      '<a href="https://other.example/p" rel="noopener noreferrer nofollow">protocol-relative</a>',
    );
  });

  it("resolves relative links and images (and srcset) against the page, images lazy and without a referrer", () => {
    const html = sanitizeArticleHtml(
      `<p><a href="../about">About</a> <img src="img/photo.jpg" alt="A photo" width="640" height="480" srcset="x 2x"></p>
       <img src="data:image/png;base64,AAAA" alt="inline"><img alt="no source">`,
      BASE,
      APP,
    );
    expect(html).toContain('<a href="https://news.example/about" rel="noopener noreferrer nofollow">About</a>');
    expect(html).toContain(
      '<img src="https://news.example/2026/img/photo.jpg" srcset="https://news.example/2026/x 2x" alt="A photo" width="640" height="480" loading="lazy" referrerpolicy="no-referrer" />',
    );
    expect(html).not.toContain("inline");
    expect(html).not.toContain("no source");
  });

  it("keeps language and direction, tables and lists", () => {
    const html = sanitizeArticleHtml(
      `<div dir="rtl" lang="ar"><ol start="3"><li>x</li></ol><table><tr><td colspan="2">c</td></tr></table></div>`,
      BASE,
      APP,
    );
    expect(html).toContain('<div dir="rtl" lang="ar">');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<td colspan="2">c</td>');
  });

  it("drops images and links pointing at the app's own host (any scheme or port), keeping a link's text", () => {
    const html = sanitizeArticleHtml(
      `<p>Before <img src="https://linkstash.example/api/logout" alt="gone"> <img src="http://linkstash.example:8080/x.png">
       <a href="https://linkstash.example/api/logout">sign out</a> and <a href="//linkstash.example/settings">settings</a>
       <a href="https://news.example/next">next</a> <img src="https://img.news.example/a.png" alt="kept"></p>`,
      BASE,
      APP,
    );
    expect(html).not.toContain("linkstash.example");
    expect(html).not.toContain("gone");
    expect(html).toContain("<span>sign out</span> and <span>settings</span>");
    expect(html).toContain('<a href="https://news.example/next" rel="noopener noreferrer nofollow">next</a>');
    expect(html).toContain('<img src="https://img.news.example/a.png" alt="kept"');
  });

  it("knows the app's host however it is written: trailing dots, %2e, upper case, full-width, any port", () => {
    const variants = [
      "https://linkstash.example./api/logout",
      "https://linkstash.example../api/logout",
      "https://linkstash.example%2e/api/logout",
      "https://linkstash.example%2E%2e/api/logout",
      "https://linkstash%2eexample/api/logout",
      "https://LinkStash.EXAMPLE./api/logout",
      "http://linkstash.example.:8080/api/logout",
      "https://linkstash.example.:443/api/logout",
      "//linkstash.example./api/logout",
      "https://ＬＩＮＫＳＴＡＳＨ．ｅｘａｍｐｌｅ/api/logout",
      "https://linkstash。example。/api/logout",
    ];
    for (const href of variants) {
      const html = sanitizeArticleHtml(`<p><a href="${href}">out</a><img src="${href}" alt="i"></p>`, BASE, APP);
      expect(html, href).toBe("<p><span>out</span></p>");
      const srcset = sanitizeArticleHtml(`<p><img srcset="${href.replace(/^\/\//, "https://")} 2x"></p>`, BASE, APP);
      expect(srcset, href).toBe("<p></p>");
    }
    // Another host that merely looks alike is not the app's.
    const other = sanitizeArticleHtml(`<a href="https://linkstash.example.evil.example/">x</a>`, BASE, APP);
    expect(other).toContain('href="https://linkstash.example.evil.example/"');
  });

  it("compares an internationalised or numeric app host in its canonical form too", () => {
    const cases: [app: string, href: string][] = [
      ["https://bücher.example", "https://BÜCHER.example./api/logout"],
      ["https://bücher.example.", "https://xn--bcher-kva.example/api/logout"],
      ["http://127.0.0.1:3000", "http://0x7f.1./api/logout"],
      ["http://127.0.0.1:3000", "http://127.0.0.1.:3000/api/logout"],
      ["http://[::1]:3000", "http://[0:0:0:0:0:0:0:1]/api/logout"],
    ];
    for (const [app, href] of cases) {
      expect(sanitizeArticleHtml(`<p><a href="${href}">out</a></p>`, BASE, app), `${app} ${href}`).toBe(
        "<p><span>out</span></p>",
      );
    }
    expect(canonicalHostname(new URL("https://LinkStash.Example%2e.:8443/"))).toBe("linkstash.example");
    expect(canonicalHostname(new URL("https://bücher.example./"))).toBe("xn--bcher-kva.example");
  });

  it("drops the app's own images and links when the article's page is on the app's host (relative addresses)", () => {
    const html = sanitizeArticleHtml(
      `<p><img src="/api/logout" alt="x"><a href="/api/logout">out</a></p>`,
      "https://linkstash.example/some/page",
      APP,
    );
    expect(html).toBe("<p><span>out</span></p>");
  });

  it("keeps lazy and responsive images: data-src before a placeholder src, else the srcset's best", () => {
    const html = sanitizeArticleHtml(
      `<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" alt="lazy">
       <img srcset="s.jpg 320w, m.jpg 800w, l.jpg 2400w" alt="responsive">
       <img src="placeholder.gif" data-srcset="a.jpg 1x, b.jpg 2x" alt="lazy srcset">
       <img data-srcset="data:image/gif;base64,R0 1x" alt="nothing usable">`,
      BASE,
      APP,
    );
    expect(html).toContain('<img src="https://news.example/real.jpg" alt="lazy"');
    expect(html).toContain(
      '<img src="https://news.example/2026/m.jpg" srcset="https://news.example/2026/s.jpg 320w, https://news.example/2026/m.jpg 800w, https://news.example/2026/l.jpg 2400w" alt="responsive"',
    );
    expect(html).toContain(
      '<img src="https://news.example/2026/placeholder.gif" srcset="https://news.example/2026/a.jpg 1x, https://news.example/2026/b.jpg 2x" alt="lazy srcset"',
    );
    expect(html).not.toContain("nothing usable");
  });

  it("upgrades http images to https, and drops the app's own srcset candidates", () => {
    const html = sanitizeArticleHtml(
      `<img src="http://img.example/a.png" srcset="http://img.example/a2.png 2x, https://linkstash.example/x.png 3x">`,
      "http://news.example/",
      APP,
    );
    expect(html).toBe(
      '<img src="https://img.example/a.png" srcset="https://img.example/a2.png 2x" alt="" loading="lazy" referrerpolicy="no-referrer" />',
    );
  });

  it("keeps in-page links within the article, namespaced like its ids; others lead to the page", () => {
    const html = sanitizeArticleHtml(
      `<p><a href="#note-1">1</a> <a href="${BASE}#top">top</a> <a href="#gone">gone</a> <a name="top">T</a></p>
       <ol><li id="note-1">A note</li></ol>`,
      BASE,
      APP,
    );
    expect(html).toContain('<a href="#user-content-note-1">1</a>');
    expect(html).toContain('<a href="#user-content-top">top</a>');
    expect(html).toContain(
      '<a href="https://news.example/2026/story.html#gone" rel="noopener noreferrer nofollow">gone</a>',
    );
    expect(html).toContain('<a id="user-content-top">T</a>');
    expect(html).toContain('<li id="user-content-note-1">A note</li>');
  });

  it("resolves against the page's base and treats the base's own fragments as in-page", () => {
    const html = sanitizeArticleHtml(
      `<a href="rel/page">r</a><a href="https://cdn.example/base/#x">x</a><h2 id="x">X</h2><img src="i.png">`,
      "https://cdn.example/base/",
      APP,
      BASE,
    );
    expect(html).toContain('<a href="https://cdn.example/base/rel/page" rel="noopener noreferrer nofollow">r</a>');
    expect(html).toContain('<a href="#user-content-x">x</a>');
    expect(html).toContain('<img src="https://cdn.example/base/i.png"');
  });
});
