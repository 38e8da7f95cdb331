import { createServer, type Server } from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { speakingBrowser } from "./speech-dispatcher";
import { signUpAndOnboard } from "./support";

// Listen: the reader's article read aloud by Chromium's own speech synthesis, through
// speech-dispatcher and espeak-ng (tests/e2e/speech-dispatcher.ts). The events the browser fires on
// each utterance (start, boundary, end, error) are recorded as they happen, and the test follows
// the reading through them: the sentence marked, pause and play, skipping a paragraph, the speed,
// the position remembered across a reload and the end of the article.

test.use({ launchOptions: speakingBrowser(), viewport: { width: 375, height: 740 } });

const origin = `http://127.0.0.1:${articlePagesPort}`;
const PARAGRAPHS = Array.from(
  { length: 12 },
  (_, p) =>
    `The keeper climbed tower ${p + 1} at dusk. He lit the lamp for ship ${p + 1}. The sea was calm in part ${p + 1}.`,
);
const ARTICLE = `<!doctype html><html lang="en"><head><title>The Night Watch</title></head><body>
  <article><h1>The Night Watch</h1>${PARAGRAPHS.map((text) => `<p>${text}</p>`).join("\n")}</article></body></html>`;

type SpeechEvent = { type: string; text: string; rate: number; error?: string };

let server: Server;

test.beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE));
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Records every event of every utterance the page speaks, in the order the browser fires them. */
async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const events: SpeechEvent[] = [];
    Object.assign(window, { speechEvents: events });
    const speak = speechSynthesis.speak.bind(speechSynthesis);
    speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      for (const type of ["start", "boundary", "end", "error"])
        utterance.addEventListener(type, (event) =>
          events.push({
            type,
            text: utterance.text,
            rate: utterance.rate,
            error: event instanceof SpeechSynthesisErrorEvent ? event.error : undefined,
          }),
        );
      speak(utterance);
    };
  });
}

function speechEvents(page: Page): Promise<SpeechEvent[]> {
  return page.evaluate(() => (window as unknown as { speechEvents: SpeechEvent[] }).speechEvents);
}

const marked = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get("listen-sentence");
    const range = highlight ? [...highlight.keys()][0] : undefined;
    return range instanceof Range ? range.toString() : null;
  });

test("Listen reads the article aloud sentence by sentence, pauses, skips, changes speed and remembers where it was", async ({
  page,
}) => {
  test.slow();
  await recordSpeech(page);
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill(`${origin}/night-watch`);
  await page.getByRole("button", { name: "Save link" }).click();
  await page
    .getByRole("list", { name: "Today's links" })
    .getByRole("link", { name: /^Read / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "The Night Watch" })).toBeVisible({ timeout: 30_000 });
  const voices = await page.evaluate(async () => {
    for (let i = 0; i < 50 && speechSynthesis.getVoices().length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    return speechSynthesis.getVoices().length;
  });
  expect(voices).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Listen" }).click();
  const player = page.getByRole("region", { name: "Listen" });
  await expect(player).toHaveAttribute("data-listen-state", "playing");
  // The first sentence is spoken first, and the sentences follow one another in order.
  await expect.poll(async () => (await speechEvents(page)).filter((e) => e.type === "end").length).toBeGreaterThan(3);
  const spoken = (await speechEvents(page)).filter((event) => event.type === "start").map((event) => event.text);
  expect(spoken.slice(0, 4)).toEqual([
    "The keeper climbed tower 1 at dusk.",
    "He lit the lamp for ship 1.",
    "The sea was calm in part 1.",
    "The keeper climbed tower 2 at dusk.",
  ]);

  // Paused: the voice stops on an interrupted utterance, the sentence stays marked, and the status
  // says the paragraph it is in.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(player).toHaveAttribute("data-listen-state", "paused");
  const status = await player.getByText(/^Paragraph \d+ of 12$/).textContent();
  const paragraph = Number(/Paragraph (\d+)/.exec(status ?? "")?.[1]);
  const atPause = await marked(page);
  expect(atPause).not.toBeNull();
  expect(PARAGRAPHS[paragraph - 1]).toContain(atPause);

  // The next paragraph while paused, then Play at 1.5×: its first sentence is read, at that speed.
  await page.getByRole("button", { name: "Next paragraph" }).click();
  await expect(player.getByText(`Paragraph ${paragraph + 1} of 12`)).toBeVisible();
  expect(await marked(page)).toBe(`The keeper climbed tower ${paragraph + 1} at dusk.`);
  await page.getByLabel("Speed").selectOption("1.5");
  const before = (await speechEvents(page)).length;
  await page.getByRole("button", { name: "Play" }).click();
  await expect
    .poll(async () => (await speechEvents(page)).slice(before).find((event) => event.type === "start"))
    .toEqual({ type: "start", text: `The keeper climbed tower ${paragraph + 1} at dusk.`, rate: 1.5 });
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(player).toHaveAttribute("data-listen-state", "paused");
  const stoppedAt = await marked(page);

  const { violations } = await new AxeBuilder({ page }).include("section[aria-label='Listen']").analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  // The marked sentence in view under the player, for the screenshot.
  await page.evaluate(() => {
    const range = [...(CSS.highlights.get("listen-sentence")?.keys() ?? [])][0];
    if (range instanceof Range) range.startContainer.parentElement?.scrollIntoView({ block: "center" });
  });
  await page.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "reader-listen-phone.png"),
    animations: "disabled",
  });

  // Remembered: after a reload Listen goes on from the sentence it stopped on, and reads to the end
  // of the article, where it starts over the next time.
  await page.reload();
  const reloaded = (await speechEvents(page)).length;
  expect(reloaded).toBe(0);
  await page.getByRole("button", { name: "Listen" }).click();
  await expect
    .poll(async () => (await speechEvents(page)).find((event) => event.type === "start")?.text)
    .toBe(stoppedAt);
  await expect(player).toHaveAttribute("data-listen-state", "paused", { timeout: 30_000 });
  const last = (await speechEvents(page)).filter((event) => event.type === "end").at(-1);
  expect(last?.text).toBe("The sea was calm in part 12.");
  expect((await speechEvents(page)).filter((event) => event.type === "error")).toEqual([]);
  await expect(player.getByText("Paragraph 1 of 12")).toBeVisible();
});
