import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { inboundSmtpPort } from "../../playwright.config";
import { expectNoHorizontalOverflow } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// A newsletter saved by email reads whole at a phone's width (docs/product.md, "What a mail
// saves"): real newsletters, mailed to the save address over SMTP as the owner's mail client would
// send them, are read at 320 and 390 px, and of every word the reader shows, at most 2 % lie beyond
// the right edge of the box that holds them (a box that scrolls sideways, or the window).

const FIXTURES = path.join(import.meta.dirname, "../fixtures/inbound-mail");
const NEWSLETTERS = [
  "spamscope-mailchimp-newsletter.eml",
  "spamscope-french-newsletter.eml",
  "mail-gem-2001-newsletter.eml",
  "mailparser-bulk-mail.eml",
  "gmail-forwarded-newsletter.eml",
  "apple-forwarded-newsletter.eml",
  "unspy-mailchimp-newsletter.eml",
  "unspy-klaviyo-newsletter.eml",
  "unspy-convertkit-newsletter.eml",
];
const WIDTHS = [320, 390];
/** The most words, of a hundred, that may lie beyond the edge of their box. */
const MOST_BEYOND_PERCENT = 2;

// A remote image stands in as one as wide as newsletters' pictures are (600 px at 2x), so the
// layout is that of the mail with its images; nothing leaves the machine.
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="#9ab"/></svg>`;

/**
 * The fixture as the owner's mail client would send it: from their own address, to their save
 * address; its other bytes as they are (read and written back as Latin-1, one character a byte).
 */
function mailedBy(file: string, from: string, to: string): Buffer {
  const mail = readFileSync(path.join(FIXTURES, file), "latin1")
    .replace(/^From:.*(\r?\n[ \t].*)*$/m, `From: ${from}`)
    .replace(/^To:.*(\r?\n[ \t].*)*$/m, `To: ${to}`);
  return Buffer.from(mail, "latin1");
}

/** Ids of the owner's links saved today. */
async function todaysIds(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/links/today");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }[]).map((link) => link.id);
}

type Measure = { words: number; beyond: number };

/**
 * Every word of the reader's text (each run of non-spaces of each text node that the browser lays
 * out), and how many end right of the visible box that holds them: what the ancestors that
 * clip or scroll sideways, and the window, all show.
 */
function measureWords(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const root = document.querySelector(".reader-content");
    if (!root) return { words: 0, beyond: 0 };
    // A box inside another that scrolls shows only what both show.
    const boxRight = (node: Node): number => {
      let right = document.documentElement.clientWidth;
      for (let element = node.parentElement; element; element = element.parentElement) {
        if (getComputedStyle(element).overflowX !== "visible") {
          const rect = element.getBoundingClientRect();
          right = Math.min(right, rect.left + element.clientLeft + element.clientWidth);
        }
      }
      return right;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let words = 0;
    let beyond = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const right = boxRight(node);
      for (const match of text.matchAll(/\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        if (rects.length === 0) continue;
        words += 1;
        if (Math.max(...rects.map((rect) => rect.right)) > right + 1) beyond += 1;
      }
    }
    return { words, beyond };
  });
}

// The offline reader's service worker would fetch the pictures itself, past the page's routes.
test.use({ serviceWorkers: "block" });

test("real newsletters saved by email read whole at 320 and 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  await page.route(
    (url) => url.hostname !== "localhost",
    (route) =>
      route.request().resourceType() === "image"
        ? route.fulfill({ contentType: "image/svg+xml", body: PICTURE })
        : route.abort(),
  );
  const email = await signUpAndOnboard(page);
  await page.goto("/settings");
  const address = (await page.locator("#save-address").innerText()).trim();
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });

  const figures: Record<string, Record<number, Measure>> = {};
  for (const file of NEWSLETTERS) {
    const before = await todaysIds(page);
    const info = await transport.sendMail({
      envelope: { from: email, to: address },
      raw: mailedBy(file, email, address),
    });
    expect(info.accepted, file).toEqual([address]);
    let id = "";
    await expect
      .poll(async () => {
        id = (await todaysIds(page)).find((each) => !before.includes(each)) ?? "";
        return id;
      }, file)
      .not.toBe("");
    figures[file] = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/read/${id}`);
      await expect(page.locator(".reader-content"), file).toBeVisible();
      await expectNoHorizontalOverflow(page);
      figures[file][width] = await measureWords(page);
      if (file === "spamscope-mailchimp-newsletter.eml" && width === 390) {
        await page.locator(".reader-content").evaluate((element) => element.scrollIntoView());
        const shot = path.join(test.info().project.outputDir, "screens", "reader-newsletter-layout-phone.png");
        await page.screenshot({ path: shot, animations: "disabled" });
      }
    }
  }
  console.log(JSON.stringify(figures));
  for (const [file, byWidth] of Object.entries(figures))
    for (const [width, { words, beyond }] of Object.entries(byWidth)) {
      expect(words, `${file} at ${width} px has words`).toBeGreaterThan(20);
      expect({ file, width, beyondPercent: (100 * beyond) / words <= MOST_BEYOND_PERCENT }).toEqual({
        file,
        width,
        beyondPercent: true,
      });
    }
});
