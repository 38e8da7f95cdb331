import { expect, test } from "@playwright/test";
import { articlePagesOrigin as origin, serveArticlePage } from "./article-page-server";
import { expectNoHorizontalOverflow } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// The reader draws a page's MathML formulas (inline and displayed) and shows a video's player as a
// link to the video, at a phone's narrowest width.

const LONG_SUM = Array.from({ length: 30 }, (_, i) => `<msub><mi>a</mi><mn>${i + 1}</mn></msub><mo>+</mo>`).join("");
const ARTICLE = `<!doctype html><html lang="en"><head><title>Solving Quadratics</title></head><body><article>
  <h1>Solving Quadratics</h1>
  ${Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} explains the method step by step, as a teacher would at the board before the class.</p>`).join("\n")}
  <p>When <math><mi>a</mi><mo>≠</mo><mn>0</mn></math>, there are two solutions to
  <math><mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>b</mi><mi>x</mi><mo>+</mo><mi>c</mi><mo>=</mo><mn>0</mn></math> and they are</p>
  <math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>
  <p>A long sum scrolls in its own box:</p>
  <math display="block"><mi>S</mi><mo>=</mo>${LONG_SUM}<mi>z</mi></math>
  <p>The lecture itself:</p>
  <iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/LtOGa5M8AuU" title="Quadratics in ten minutes"></iframe>
  <p>That is all there is to it, and the rest is practice with many more examples at home.</p>
  </article></body></html>`;

serveArticlePage(ARTICLE);

test("formulas are drawn and a video is a link to it, within a 320 px screen", async ({ page }) => {
  // Sign-up and extraction after the save: more than the default minute on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 320, height: 720 });
  await signUpAndOnboard(page);
  const saved = await page.request.post("/api/links", {
    data: { url: `${origin}/quadratics` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()).link;
  await page.goto(`/read/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Solving Quadratics" })).toBeVisible({ timeout: 30_000 });

  const formulas = page.locator(".reader-content math");
  await expect(formulas).toHaveCount(4);
  // Drawn as MathML: the fraction stands taller than a line of text, its parts stacked.
  const fraction = page.locator(".reader-content mfrac").first();
  const numerator = await fraction.locator(":scope > mrow").first().boundingBox();
  const denominator = await fraction.locator(":scope > mrow").last().boundingBox();
  if (!numerator || !denominator) throw new Error("the fraction is laid out");
  expect(denominator.y).toBeGreaterThan(numerator.y + numerator.height / 2);
  await expect(page.locator(".reader-content")).toContainText("When a≠0, there are two solutions to");

  // The long formula scrolls in its own box, which the keyboard can reach; the page does not.
  const long = formulas.last();
  await expect(long).toHaveAttribute("tabindex", "0");
  expect(await long.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoHorizontalOverflow(page);

  await expect(page.getByRole("link", { name: "Video: Quadratics in ten minutes (YouTube)" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=LtOGa5M8AuU",
  );
  await expect(page.locator(".reader-content iframe")).toHaveCount(0);
});
